"""Bridge record commands for the ``tricks bridge`` group: check an auction, convert PBN / LIN / JSON boards.

``commands`` lists the click commands; the group that owns ``tricks bridge`` adds them.
"""
import click

from trickcore.cli.common import output_option, reading_options, show_warnings, to_json, user_errors, write_output
from trickcore.games.bridge.formats.lin import write_lin
from trickcore.games.bridge.formats.notation import FORMATS, outcome_dict, outcome_text, read_auctions, read_boards
from trickcore.games.bridge.formats.pbn_write import PBN_ENCODINGS, encode_pbn
from trickcore.games.bridge.record import board_to_dict


@click.command("auction")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--dealer", default="N", show_default=True, help="Dealer of a plain auction file.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@reading_options
@user_errors()
def auction_command(file, dealer, fmt, log):
    """Check the auction(s) in FILE (a plain call list, or PBN/LIN/JSON boards); print contract and declarer."""
    results = read_auctions(file, dealer, log)
    show_warnings(log)
    if fmt == "json":
        rows = [{"board": n, **outcome_dict(a)} for n, a in results]
        write_output(to_json(with_warnings(rows if len(rows) > 1 or results[0][0] else rows[0], "auctions", log)),
                     None)
        return
    lines = [(f"Board {n}: " if n is not None else "") + outcome_text(a) for n, a in results]
    write_output("\n".join(lines) + "\n", None)


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
    boards = read_boards(file, log)
    show_warnings(log)
    if target == "pbn":
        text = encode_pbn(boards, encoding)
    elif target == "lin":
        text = write_lin(boards)
    else:
        text = to_json(with_warnings([board_to_dict(b) for b in boards], "boards", log))
    write_output(text, output)


def with_warnings(value, name, log):
    """The JSON output ``value`` as it always was when reading gave no warning; otherwise the object
    {name: value, "warnings": [...]}, so that the warnings travel with the data."""
    if not log.warnings:
        return value
    return {name: value, "warnings": [w.to_dict() for w in log.warnings]}


commands = [auction_command, convert_command]
