"""The version is written once (trickcore/_version.py): the package, its installed metadata and
``tricks --version`` all give it."""
import importlib.metadata

from click.testing import CliRunner

import trickcore
from trickcore.cli.main import tricks


def test_package_metadata_and_command_give_one_version():
    result = CliRunner().invoke(tricks, ["--version"])
    assert result.exit_code == 0
    assert result.output == f"tricks, version {trickcore.__version__}\n"
    assert importlib.metadata.version("trickcore") == trickcore.__version__
