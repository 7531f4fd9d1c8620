"""The ```console blocks of the documentation show what the commands really print.

Every ```console block of README.md, docs/*.md, docs/tutorials/*.md and docs/guide/*.md is a run of ``$ command``
lines, each followed by its output. Each page's blocks run in order, as a reader following the page runs them,
in one scratch directory of their own (so a file one block writes, such as ``pref.jsonl``, is there for the next
block, and nothing lands in the repository); ``examples/`` and ``tests/`` are linked into it so that the paths read
as in the documentation. A ``tricks`` command runs in this process (``_run`` also takes the documented ``| head``,
``| tail``, ``> FILE`` and ``head -N FILE``), its stdout and stderr together as a terminal shows them, and its
output must be the documented one line for line (blanks at line ends and at the end aside), where a documented line
``...`` stands for any number of lines.

The blocks that are slow, show timing figures or print something that changes from run to run are in ``SKIPPED``
with the reason (``NEEDS``: a block left out, with a warning, when an optional module is missing); a page's input
files that the documentation only describes (``doubtful.pbn``...) are made by ``INPUTS``. A documented output
changed on purpose is updated in the page itself.
"""
import functools
import importlib.util
import os
import pathlib
import re
import shlex
import shutil
import warnings

import pytest
from click.testing import CliRunner

from trickcore.cli.main import tricks

ROOT = pathlib.Path(__file__).resolve().parents[1]
PAGES = ["README.md"] + [path.relative_to(ROOT).as_posix() for folder in ("docs", "docs/tutorials", "docs/guide")
                         for path in sorted((ROOT / folder).glob("*.md"))]
LINKED = ("examples", "tests")

# (page, first command of the block) -> why the block is not run.
SKIPPED = {
    ("README.md", "tricks play --game bridge --agents heuristic --seed 7 --hands 1"):
        "ends with the million-deal run's timing figures (the bridge hand itself is checked in getting-started.md)",
    ("README.md", "tricks simulate --game bridge --deals 500 --seed 1 --solve --contract 3NT --declarer S "
                  '--where "hcp(north) + hcp(south) >= 25 and shape(north, any 4333 + any 4432)"'):
        "solves 500 deals double dummy: about 17 seconds",
    ("docs/getting-started.md", "tricks play --game preferans --count 1000000 --seed 7 --trump S"):
        "its last line is timing figures (seconds, deals per second)",
    ("docs/tutorials/comparing.md", "tricks simulate --game bridge --deals 48 --agents heuristic --agents dd "
                                    "--agents dd,heuristic,dd,heuristic --compare matchpoints,butler,duplicate "
                                    "--per 12"):
        "the dd agent solves every card: about 11 seconds",
    ("docs/tutorials/comparing.md", "tricks simulate --game bridge --deals 200 --agents heuristic --analyse "
                                    "--compare duplicate,par,chicago --per 8"):
        "--analyse solves 200 boards double dummy: about a minute",
    ("docs/tutorials/simulating.md", "tricks simulate --game bridge --deals 500 --seed 1 --solve --contract 3NT "
                                     '--declarer S --where "hcp(north) + hcp(south) >= 25 and shape(north, any '
                                     '4333 + any 4432)"'):
        "solves 500 deals double dummy: about 17 seconds",
}

# (page, first command of the block) -> the module the block needs, an extra of the [test] install: without it the
# block is left out with a warning.
NEEDS = {
    ("docs/tutorials/simulating.md",
     "tricks simulate --game bridge --deals 2000 --seed 1 --agents heuristic --out boards.parquet"): "pyarrow",
}

# A hand record whose play belongs to another deal (trick 1: S does not hold S2), as a vugraph conversion gives.
ARCHIVE_PBN = """\
% a vugraph conversion whose play belongs to another deal
%
[Event "Vugraph archive"]
[Site "?"]
[Date "2024.03.??"]
[Board "1"]
[West "w"]
[North "n"]
[East "e"]
[South "s"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:K.A8763.4.AKJ963 AJT84.K4.AT76.T4 Q9.QJT2.K9852.87 76532.95.QJ3.Q52"]
[Declarer "E"]
[Contract "2S"]
[Result "8"]
[Auction "N"]
1H 1S Pass 2S Pass Pass Pass
[Play "S"]
S2 S3 SK SA
*
"""


def _files_inputs(folder):
    """files.md: bbo_style.pbn with its Declarer changed to North, a play that does not fit its deal, an empty
    LIN file."""
    bbo = (ROOT / "examples" / "bridge_pbn" / "bbo_style.pbn").read_text(encoding="utf-8")
    assert '[Declarer "S"]' in bbo
    (folder / "doubtful.pbn").write_text(bbo.replace('[Declarer "S"]', '[Declarer "N"]'), encoding="utf-8")
    (folder / "archive.pbn").write_text(ARCHIVE_PBN, encoding="utf-8")
    (folder / "empty.lin").write_bytes(b"")


def _sessions_inputs(folder):
    """sessions.md: a PBN results file (the example session's own PBN output) and hand records."""
    _run("tricks bridge session score examples/bridge/pairs_session.csv --format pbn -o results.pbn", folder)
    shutil.copy(ROOT / "examples" / "bridge_pbn" / "dealer4_style.pbn", folder / "deals.pbn")


INPUTS = {"docs/tutorials/files.md": _files_inputs, "docs/tutorials/sessions.md": _sessions_inputs}


def console_blocks(page):
    """The ```console blocks of ``page``: (line of the fence, [(command, documented output lines)])."""
    lines = (ROOT / page).read_text(encoding="utf-8").split("\n")
    blocks, number = [], 0
    while number < len(lines):
        fence = re.match(r"\s*(`{3,})console\s*$", lines[number])
        number += 1
        if not fence:
            continue
        start, steps = number, []
        while not re.match(r"\s*" + fence.group(1) + r"\s*$", lines[number]):
            line = lines[number]
            if line.startswith("$ "):
                command = line[2:]
                while command.endswith("\\"):
                    number += 1
                    command = command[:-1].rstrip() + " " + lines[number].strip()
                steps.append((command, []))
            else:
                assert steps, f"{page}, line {number + 1}: output before the first $ command"
                steps[-1][1].append(line)
            number += 1
        blocks.append((start, steps))
        number += 1
    return blocks


def matches(documented, printed):
    """Whether ``printed`` is ``documented``, a documented line ``...`` standing for any number of lines."""
    documented = _trimmed(documented)
    printed = _trimmed(printed)

    @functools.lru_cache(maxsize=None)
    def fits(i, j):
        if i == len(documented):
            return j == len(printed)
        if documented[i].strip() == "...":
            return any(fits(i + 1, k) for k in range(j, len(printed) + 1))
        return j < len(printed) and documented[i] == printed[j] and fits(i + 1, j + 1)

    return fits(0, 0)


def _trimmed(lines):
    lines = [line.rstrip() for line in lines]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _run(command, folder):
    """What ``command`` prints in ``folder`` as a terminal shows it: ``tricks ...`` run in this process, alone
    (stdout and stderr as written), into ``| head -N``, ``| tail -N`` (stderr, then the lines kept) or ``> FILE``;
    or ``head -N FILE``."""
    words = shlex.split(command)
    if words[:1] == ["head"] and len(words) == 3 and words[1].startswith("-"):
        with open(folder / words[2], encoding="utf-8", newline="") as file:
            return "".join(file.readlines()[:int(words[1][1:])])
    assert words[:1] == ["tricks"], f"a command the test cannot run: $ {command}"
    args, pipe = words[1:], None
    if len(args) > 2 and args[-3] == "|" and args[-2] in ("head", "tail") and args[-1].startswith("-"):
        args, pipe = args[:-3], (args[-2], int(args[-1][1:]))
    elif len(args) > 1 and args[-2] == ">":
        args, pipe = args[:-2], (">", args[-1])
    assert "|" not in args and ">" not in args, f"a command the test cannot run: $ {command}"
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(tricks, args, prog_name="tricks")
    finally:
        os.chdir(cwd)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    if pipe is None:
        return result.output
    if pipe[0] == ">":
        (folder / pipe[1]).write_text(result.stdout, encoding="utf-8")
        return result.stderr
    kept = result.stdout.splitlines(keepends=True)
    return result.stderr + "".join(kept[:pipe[1]] if pipe[0] == "head" else kept[-pipe[1]:])


def test_the_skipped_blocks_are_blocks_of_the_pages():
    found = {(page, steps[0][0]) for page in PAGES for _, steps in console_blocks(page) if steps}
    for table in (SKIPPED, NEEDS):
        assert not set(table) - found, f"blocks the pages no longer have: {set(table) - found}"


@pytest.mark.slow
@pytest.mark.parametrize("page", [page for page in PAGES if console_blocks(page)])
def test_the_console_blocks_show_the_real_output(page, tmp_path):
    for name in LINKED:
        (tmp_path / name).symlink_to(ROOT / name, target_is_directory=True)
    if page in INPUTS:
        INPUTS[page](tmp_path)
    wrong = []
    for line, steps in console_blocks(page):
        if not steps or (page, steps[0][0]) in SKIPPED:
            continue
        needed = NEEDS.get((page, steps[0][0]))
        if needed and importlib.util.find_spec(needed) is None:
            warnings.warn(f"{page}, block of line {line} not checked: it needs {needed}", stacklevel=1)
            continue
        for command, documented in steps:
            printed = _run(command, tmp_path)
            if not matches(documented, printed.split("\n")):
                wrong.append(f"{page}, block of line {line}: $ {command}\n--- documented\n"
                             + "\n".join(documented) + "\n--- printed\n" + printed)
    assert not wrong, "\n\n".join(wrong)
