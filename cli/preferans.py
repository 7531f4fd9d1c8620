"""The ``tricks preferans`` command group: score a preferans protocol into a sheet (text, JSON or SVG)."""
import json

import click

from trickcore.cli.common import output_option, to_json, user_errors, write_output
from trickcore.scoring.preferans import VARIANTS, make_settings, render_svg, render_text, score_protocol
from trickcore.errors import InputError, SettingsError, TrickcoreError


@click.group()
def preferans():
    """Preferans: the score sheet (pool, mountain, whists) and the settlement."""


def _overrides(pairs):
    """``NAME=VALUE`` options as a dict; VALUE is read as JSON when it parses, else as a string."""
    out = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise SettingsError(f"--set needs NAME=VALUE, not {pair!r}", source="--set", field="--set")
        try:
            out[name.strip()] = json.loads(value)
        except ValueError:
            out[name.strip()] = value
    # Names and values do not depend on the variant: check them here so the error names --set, not the file.
    try:
        make_settings(VARIANTS[0], out)
    except SettingsError as exc:
        raise exc.located(source="--set") from None
    return out


def _read(path):
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except json.JSONDecodeError as exc:
        raise InputError(f"not valid JSON: {exc.msg}", source=path, line=exc.lineno) from None
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", source=path) from None


@preferans.command()
@click.argument("protocol_file", metavar="PROTOCOL.json", type=click.Path(dir_okay=False))
@click.option("--variant", type=click.Choice(VARIANTS), default=None,
              help="Variant preset (default: the protocol's; a different one is an error).")
@click.option("--set", "settings", multiple=True, metavar="NAME=VALUE",
              help="Override one setting of the spec's §10 table (repeatable).")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "svg"]), default="text", show_default=True)
@output_option
@user_errors()
def score(protocol_file, variant, settings, fmt, output):
    """Score PROTOCOL.json and write the sheet (text table, §11.3 JSON, or an SVG pulya drawing)."""
    overrides = _overrides(settings)
    try:
        sheet = score_protocol(_read(protocol_file), variant, overrides)
    except TrickcoreError as exc:
        raise exc.located(source=protocol_file) from None
    if fmt == "json":
        text = to_json(sheet.to_dict())
    else:
        text = render_svg(sheet) if fmt == "svg" else render_text(sheet)
    write_output(text, output)
