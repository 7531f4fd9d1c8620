"""Bridge record commands for the ``tricks bridge`` group: check an auction, convert PBN / LIN / JSON boards.

``commands`` lists the click commands; the group that owns ``tricks bridge`` adds them.
"""
import click

from trickcore.cli import api
from trickcore.cli.common import show_warnings, output_option, reading_options, to_json, user_errors, write_output
from trickcore.games.bridge.formats.notation import FORMATS
from trickcore.games.bridge.formats.pbn_write import PBN_ENCODINGS


@click.command("auction")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--dealer", default="N", show_default=True, help="Dealer of a plain auction file.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@reading_options
@user_errors()
def auction_command(file, dealer, fmt, log):
    """Check the auction(s) in FILE (a plain call list, or PBN/LIN/JSON boards); print contract and declarer."""
    found = api.auction(file, dealer=dealer, strict=log.strict, on_error=log.on_error)
    show_warnings(found.warnings)
    if fmt == "json":
        rows = found.to_dict()["auctions"]
        single = len(rows) == 1 and not rows[0]["board"]
        value = rows[0] if single else rows
        data = found.to_dict()
        write_output(to_json({"auctions": value, "warnings": data["warnings"]} if "warnings" in data else value),
                     None)
        return
    write_output(found.text(), None)


@click.command("convert")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--to", "target", type=click.Choice(FORMATS), required=True, help="The notation to write.")
@click.option("--encoding", type=click.Choice(sorted(PBN_ENCODINGS)), default="latin-1", show_default=True,
              help="PBN output encoding (the pbn_encoding setting): ISO-8859-1, or UTF-8 with its content-type line.")
@output_option
@reading_options
@user_errors()
def convert_command(file, target, encoding, output, log):
    """Convert the boards of FILE (PBN, LIN or JSON, by extension or content) to another notation."""
    found = api.convert(file, target, encoding=encoding, strict=log.strict, on_error=log.on_error)
    show_warnings(found.warnings)
    write_output(found.to_bytes(), output)


commands = [auction_command, convert_command]
