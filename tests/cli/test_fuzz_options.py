"""Fuzz tests, one per numeric CLI option or argument (counts, seeds, hands, players, targets, tables, boards,
margins, scores, and every numeric ``--set`` setting of every scoring system): negative, zero, huge, fractional
or garbage values give success or one clean error (exit 2, nothing on stdout, no file), never a traceback.

Values that are valid but costly (a million deals) are not drawn: the tests only draw the cheap valid values 1..3.
"""
import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trickcore.games import registry

FUZZ = settings(max_examples=25, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
GARBAGE = ["", " ", "abc", "1.5", "-0", "0x10", "1e3", "1_000", "nan", "inf", "-inf", "1e999", "\x00", "٣",
           "3 4", "--1", "+2", "0" * 50 + "1"]
NUMBERS = st.one_of(st.integers(-(10**40), 0), st.integers(1, 3), st.integers(2**63 - 1, 10**40),
                    st.sampled_from(GARBAGE)).map(str)

OPTIONS = {
    "deal --count": ["deal", "--game", "bridge", "--count", "{}"],
    "deal --seed": ["deal", "--game", "preferans", "--seed", "{}"],
    "play --count": ["play", "--game", "bridge", "--count", "{}"],
    "play --seed": ["play", "--game", "whist", "--seed", "{}"],
    "play --hands (bridge)": ["play", "--game", "bridge", "--agents", "random", "--hands", "{}"],
    "play --hands (preferans)": ["play", "--game", "preferans", "--agents", "random", "--hands", "{}"],
    "play --hands (whist)": ["play", "--game", "whist", "--agents", "random", "--hands", "{}"],
    "play --players": ["play", "--game", "preferans", "--agents", "random", "--hands", "1", "--players", "{}"],
    "play --pool-target": ["play", "--game", "preferans", "--agents", "random", "--hands", "1",
                           "--pool-target", "{}"],
    "solve --jobs": ["solve", "--game", "bridge", "--deals", "examples/bridge_pbn/bbo_style.pbn", "--jobs", "{}"],
    "bridge score --tricks": ["bridge", "score", "3NT", "--tricks", "{}"],
    "bridge score RESULT": ["bridge", "score", "4S", "{}"],
    "bridge score CONTRACT": ["bridge", "score", "{}NT"],
    "bridge matchpoints --expected": ["bridge", "matchpoints", "620", "170", "--expected", "{}"],
    "bridge matchpoints SCORES": ["bridge", "matchpoints", "620", "{}", "170"],
    "bridge butler SCORES": ["bridge", "butler", "620", "170", "{}"],
    "bridge cross-imps SCORES": ["bridge", "cross-imps", "{}", "170"],
    "bridge imps DIFFERENCE": ["bridge", "imps", "{}"],
    "bridge vp MARGIN": ["bridge", "vp", "{}", "--boards", "16"],
    "bridge vp --boards": ["bridge", "vp", "10", "--boards", "{}"],
    "bridge rubber --set": ["bridge", "rubber", "examples/bridge/rubber_2_1.txt", "--set", "rubber_bonus_2_0={}"],
    "whist score --set": ["whist", "score", "examples/whist/rubber.json", "--set", "game_target={}"],
    "preferans score --set": ["preferans", "score", "examples/preferans/sochi_game.json", "--set",
                              "pool_target={}"],
    "deal --tries": ["deal", "--game", "bridge", "--where", "hcp(north) >= 10", "--tries", "{}"],
    "deal --where NUMBER": ["deal", "--game", "bridge", "--where", "hcp(north) >= {}", "--tries", "1000"],
    "deal --where SHAPE": ["deal", "--game", "bridge", "--where", "shape(north, {}+M)", "--tries", "1000"],
    "simulate --deals": ["simulate", "--game", "whist", "--agents", "random", "--deals", "{}"],
    "simulate --seed": ["simulate", "--game", "whist", "--agents", "random", "--deals", "1", "--seed", "{}"],
    "simulate --tries": ["simulate", "--game", "bridge", "--agents", "random", "--deals", "1", "--where",
                         "hcp(north) >= 10", "--tries", "{}"],
    "simulate --jobs": ["simulate", "--game", "whist", "--agents", "random", "--deals", "2", "--jobs", "{}"],
    "simulate --per": ["simulate", "--game", "whist", "--agents", "random", "--deals", "4", "--compare",
                       "short,long", "--per", "{}"],
    "compare --per": ["compare", "examples/whist/rubber.json", "--system", "short,long", "--per", "{}"],
}

RECORDS = {"bridge-butler": "examples/bridge/pairs_boards.json", "bridge-chicago": "examples/bridge/chicago.txt",
           "bridge-cross-imps": "examples/bridge/pairs_boards.json",
           "bridge-duplicate": "examples/bridge/rubber_2_1.txt", "bridge-par": "examples/bridge/deals_with_par.json",
           "bridge-imps": "examples/bridge/team_match.json",
           "bridge-matchpoints": "examples/bridge/pairs_boards.json",
           "bridge-rubber": "examples/bridge/rubber_2_1.txt", "bridge-russian": "examples/bridge/russian.json",
           "bridge-vp": "examples/bridge/team_match.json", "whist-short": "examples/whist/rubber.json",
           "whist-long": "examples/whist/rubber.json", "whist-american": "examples/whist/rubber.json",
           **{f"preferans-{v}": "examples/preferans/sochi_game.json" for v in ("sochi", "leningrad", "rostov",
                                                                               "classic")},
           "preferans-gusarik": "examples/preferans/gusarik_game.json",
           "preferans-old": "examples/preferans/old_game.json"}


def numeric_settings():
    """(system, setting) for every setting of every installed scoring system whose value is a number."""
    found = []
    for name in registry.scoring_names():
        system = registry.get_scoring(name)
        values = attrs.asdict(system.settings(), recurse=False)
        found.extend((name, key) for key, value in values.items()
                     if isinstance(value, (int, float)) and not isinstance(value, bool))
    return found


def test_every_scoring_system_has_records_to_fuzz():
    assert set(RECORDS) == set(registry.scoring_names())


def run_checked(fuzz, tmp_path, args):
    out = tmp_path / "out.txt"
    if out.exists():
        out.unlink()
    takes_output = args[0] not in ("bridge",) or args[1] in ("rubber", "chicago")
    result = fuzz.run(*args, *(["-o", out] if takes_output else []))
    fuzz.assert_clean(result, out)


@pytest.mark.parametrize("option", sorted(OPTIONS))
def test_fuzz_numeric_option(fuzz, tmp_path, option, monkeypatch):
    monkeypatch.chdir(fuzz.ROOT)

    @FUZZ
    @given(value=NUMBERS)
    def check(value):
        run_checked(fuzz, tmp_path, [a.replace("{}", value) for a in OPTIONS[option]])

    check()


@pytest.mark.parametrize("system, key", numeric_settings())
def test_fuzz_numeric_setting(fuzz, tmp_path, system, key, monkeypatch):
    monkeypatch.chdir(fuzz.ROOT)

    @settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(value=NUMBERS)
    def check(value):
        run_checked(fuzz, tmp_path, ["score", "--system", system, RECORDS[system], "--set", f"{key}={value}"])

    check()
