"""The documentation site builds without a single warning (``sphinx -W``): a broken link, reference, label or
docstring fails the suite; and the CLI reference lists every command, the plug-in groups included."""
import os

import pytest

build = pytest.importorskip("sphinx.cmd.build", reason="the documentation needs the [docs] extra")
for _extension in ("myst_parser", "furo", "sphinx_autodoc_typehints", "sphinx_click"):
    pytest.importorskip(_extension, reason="the documentation needs the [docs] extra")

from trickcore.games import registry  # noqa: E402

DOCS = os.path.join(os.path.dirname(__file__), "..", "docs")


@pytest.mark.slow
def test_the_site_builds_without_warnings(tmp_path):
    out = tmp_path / "html"
    status = build.build_main(["-W", "--keep-going", "-q", "-E", "-b", "html", "-d", str(tmp_path / "doctrees"),
                               DOCS, str(out)])
    assert status == 0, "the documentation build gave warnings (see the output above)"
    cli = (out / "cli.html").read_text(encoding="utf-8")
    for name in ["games", "deal", "play", "simulate", "compare", "score"] + sorted(registry.command_groups()):
        assert f'id="tricks-{name}"' in cli, f"`tricks {name}` is missing from the CLI reference"
