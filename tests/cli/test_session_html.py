"""The HTML results page of a pairs session: every board and pair has its section and is reachable by a link,
hand records bring diagrams, double-dummy tables and par (solved when the file lacks them) and, when they give
the play, its costly cards; the page needs
nothing from outside, and it renders in headless Chromium (a screenshot is taken)."""
import os
import shutil
import subprocess
from html.parser import HTMLParser

import pytest
from click.testing import CliRunner

from trickcore.cli.bridge import bridge
from trickcore.games.bridge.analysis import solve_bridge
from trickcore.games.bridge.formats.pbn_read import read_pbn
from trickcore.games.bridge.play_analysis import analyse_play
from trickcore.files import read_text

HERE = os.path.dirname(__file__)
SESSION = os.path.join(HERE, "..", "..", "examples", "bridge", "pairs_session.csv")
HANDS = os.path.join(HERE, "..", "..", "examples", "bridge_pbn", "dealer4_style.pbn")
REAL = os.path.join(HERE, "..", "data", "session", "ffb_magic_contest_board28.pbn")
BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")


class Page(HTMLParser):
    """The ids, internal links, external references and scripts of a page."""

    def __init__(self, text):
        super().__init__()
        self.ids, self.links, self.outside, self.scripts, self.cells = set(), set(), [], 0, []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "script":
            self.scripts += 1
        for name in ("href", "src"):
            value = attrs.get(name)
            if value and value.startswith("#"):
                self.links.add(value[1:])
            elif value:
                self.outside.append(value)

    def handle_data(self, data):
        self.cells.append(data.strip())


def page_of(*args):
    result = CliRunner().invoke(bridge, ["session", "score", *args, "--format", "html"])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("args, boards, pairs", [
    ((SESSION, "--hands", HANDS), 6, 6),
    ((REAL,), 1, 44),
])
def test_every_board_and_pair_has_its_section_and_a_link_to_it(args, boards, pairs):
    page = Page(page_of(*args))
    board_ids = {i for i in page.ids if i.startswith("board-")}
    pair_ids = {i for i in page.ids if i.startswith("pair-")}
    assert len(board_ids) == boards and len(pair_ids) == pairs
    assert board_ids | pair_ids <= page.links          # reachable
    assert page.links <= page.ids                      # no dead link
    assert page.outside == [] and page.scripts == 0    # self-contained


def test_hand_records_bring_the_solved_table_and_par():
    text = page_of(SESSION, "--hands", HANDS)
    board = next(b for b in read_pbn(read_text(HANDS), "hands") if b.number == 1)
    solved = solve_bridge(board.deal, board.vulnerability.value, board.dealer.name)
    assert f"Par {solved.par.score:+d} (N-S): {', '.join(solved.par.contracts) or 'passed out'}" in text
    start = text.index('id="board-A-1"')
    section = text[start:text.index('id="board-A-2"')]
    row = "".join(f"<td>{solved.tricks['N'][s]}</td>" for s in ("C", "D", "H", "S", "NT"))
    assert "<td>N</td>" + row in section
    assert "♠" in section and "Dealer" in section


def test_a_board_whose_record_gives_its_play_shows_its_costly_cards():
    text = page_of(SESSION, "--hands", HANDS)
    board = next(b for b in read_pbn(read_text(HANDS), "hands") if b.number == 1)
    analysis = analyse_play(board)
    start = text.index('id="board-A-1"')
    section = text[start:text.index('id="board-A-2"')]
    assert (f"N-S take {analysis.tricks[0]} tricks double dummy before the lead, {analysis.tricks[-1]} after the "
            "play") in section
    for card in analysis.costly:
        assert (f"<td>{card.trick}</td><td class=l>{card.seat}</td><td class=l>{card.card}</td>"
                f"<td>{card.before} → {card.after}</td><td>{card.cost}</td>") in section
    assert len(analysis.costly) == 3
    others = text[text.index('id="board-A-2"'):text.index('id="pairs"')]
    assert "costly" not in others and 'class="play"' not in others


def test_the_page_is_written_whole_or_not_at_all(tmp_path):
    out = tmp_path / "page.html"
    result = CliRunner().invoke(bridge, ["session", "score", SESSION, "--hands", str(tmp_path / "missing.pbn"),
                                         "--format", "html", "-o", str(out)])
    assert result.exit_code == 2 and not out.exists()


@pytest.mark.skipif(BROWSER is None, reason="headless Chromium is not installed (Debian package chromium; "
                                            "tests/install_chromium.sh installs it)")
def test_the_page_renders_in_headless_chromium(tmp_path):
    out = tmp_path / "session.html"
    result = CliRunner().invoke(bridge, ["session", "score", SESSION, "--hands", HANDS, "--format", "html",
                                         "-o", str(out)])
    assert result.exit_code == 0, result.output
    shot = tmp_path / "session.png"
    common = [BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
    subprocess.run(common + ["--window-size=1200,2400", f"--screenshot={shot}", out.as_uri()],
                   capture_output=True, timeout=120, check=True)
    assert shot.exists() and shot.stat().st_size > 10_000
    dom = subprocess.run(common + ["--dump-dom", out.as_uri()], capture_output=True, text=True, timeout=120,
                         check=True).stdout
    rendered = Page(dom)
    assert {f"board-A-{n}" for n in range(1, 7)} | {f"pair-A-{n}" for n in range(1, 7)} <= rendered.ids
    assert rendered.links <= rendered.ids
