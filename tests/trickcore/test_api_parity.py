"""One way to do a thing: every job of the `tricks` command has a function of the Python route with the command's
option names and defaults, and each gives what its command gives (its ``to_dict()`` is the command's
``--format json``)."""
import inspect
import json
import pathlib

import click
import pytest
from click.testing import CliRunner

import trickcore
from trickcore.cli import api
from trickcore.cli.main import tricks
from trickcore.errors import InputError

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"

# Every command (its words after `tricks`) and the function of its job.
JOBS = {
    "deal": api.deal, "play": api.play, "simulate": api.simulate, "compare": api.compare, "solve": api.solve,
    "score": api.score, "bridge session score": api.score, "bridge analyse": api.analyse,
    "bridge score": api.bridge_score, "bridge imps": api.imps, "bridge vp": api.vp,
    "bridge matchpoints": api.matchpoints, "bridge butler": api.butler, "bridge cross-imps": api.cross_imps,
    "bridge rubber": api.rubber, "bridge chicago": api.chicago, "bridge teams score": api.teams_score,
    "bridge auction": api.auction, "bridge convert": api.convert, "bridge rotation": api.rotation,
    "bridge movement mitchell": api.mitchell, "bridge movement howell": api.howell,
    "bridge movement check": api.movement_check, "whist score": api.whist_score,
    "preferans score": api.preferans_score,
}
# Commands that are no job of the Python route: `tricks games` lists what is installed (the registry does in
# Python: trickcore.games.registry).
NOT_JOBS = {"games"}
# Options of every command that the Python route has no need of: how the command writes its result (the result's
# to_dict(), text() and render() give every format), and where (a function returns its result). A function that
# writes a file as its work (analyse, convert, the movements), or whose command writes formats beyond text and
# json (score: a session's csv, pbn, usebio and html; teams_score: csv), takes ``output`` (and ``format``) all the
# same, with the command's default.
CLI_ONLY = {"format", "output", "plots"}
# Options spelled otherwise in Python, each for a reason: --set KEY=VALUE is Python's keywords (**settings);
# a session is scored by `score` with the session's method as its system; the games' declared analysis
# options of `tricks solve` are its **options, checked by the game; compare and score take records in memory as
# well as a file's path, hence ``records``.
SPELLED = {
    ("*", "set"): "**",
    ("bridge session score", "method"): "system",
    ("bridge session score", "path"): "records",
    ("score", "path"): "records",
    ("compare", "file"): "records",
    **{("solve", name): "**" for name in ("vul", "dealer", "declarer", "contract", "trump", "leader", "played",
                                          "line", "talon_mode", "variant")},
}
# Defaults that differ for a reason: the Python route's ``None`` for an option the command gives as a flag or a
# repeatable option not given (the same meaning: none).
_NONE_LIKE = (None, False, (), "")


def _commands(group=tricks, words=()):
    """(words, command) of every command under ``group``."""
    ctx = click.Context(group, info_name=" ".join(("tricks",) + words))
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if isinstance(command, click.Group):
            yield from _commands(command, words + (name,))
        else:
            yield words + (name,), command


def _python_name(param):
    """An option's Python spelling (--talon-mode: talon_mode; --vul/--nonvul: vul), or an argument's name."""
    if isinstance(param, click.Argument):
        return param.name
    longest = max((o for o in param.opts if o.startswith("--")), key=len, default=param.opts[0])
    return longest.lstrip("-").replace("-", "_")


COMMANDS = dict((" ".join(words), command) for words, command in _commands())


def test_every_command_is_a_job_or_said_not_to_be():
    assert set(COMMANDS) == set(JOBS) | NOT_JOBS


@pytest.mark.parametrize("name", sorted(JOBS))
def test_every_option_of_a_job_is_a_parameter_of_its_function(name):
    parameters = inspect.signature(JOBS[name]).parameters
    spread = any(p.kind is p.VAR_KEYWORD for p in parameters.values())
    missing = []
    for param in COMMANDS[name].params:
        option = _python_name(param)
        if option in CLI_ONLY or param.name == "help":
            continue
        python = SPELLED.get((name, option), SPELLED.get(("*", option), option))
        if python == "**":
            if not spread:
                missing.append(option)
            continue
        if python not in parameters:
            missing.append(option)
    assert not missing, f"tricks {name}: options with no parameter of {JOBS[name].__name__}: {missing}"


@pytest.mark.parametrize("name", sorted(JOBS))
def test_every_option_has_its_command_s_default(name):
    parameters = inspect.signature(JOBS[name]).parameters
    different = []
    for param in COMMANDS[name].params:
        option = _python_name(param)
        if option not in parameters or param.required:
            continue
        ours, theirs = parameters[option].default, param.default
        # click's "not given"
        theirs = None if type(theirs).__name__ == "Sentinel" else theirs
        theirs = () if param.multiple and not isinstance(theirs, (tuple, list)) else theirs
        if ours is inspect.Parameter.empty or ours == theirs or (ours in _NONE_LIKE and theirs in _NONE_LIKE):
            continue
        different.append((option, ours, theirs))
    assert not different, f"tricks {name}: defaults (Python, command) that differ: {different}"


def test_every_job_s_function_is_trickcore_s_but_play():
    """`play`'s function is trickcore.cli.api.play: trickcore.play is the kernel's play module."""
    for function in set(JOBS.values()) - {api.play}:
        assert getattr(trickcore, function.__name__) is function and function.__name__ in trickcore.__all__
    import trickcore.play as module

    assert inspect.ismodule(trickcore.play) and trickcore.play is module


def cli(*args):
    result = CliRunner().invoke(tricks, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


def cli_json(*args):
    return json.loads(cli(*args, "--format", "json"))


def test_bridge_score_imps_vp():
    assert api.bridge_score("4SX", "-2", vul=True).to_dict() == cli_json("bridge", "score", "4SX", "-2", "--vul")
    assert api.bridge_score("4S", tricks=9).to_dict() == cli_json("bridge", "score", "4S", "--tricks", "9")
    assert api.bridge_score("3NT", "+1").text() == cli("bridge", "score", "3NT", "+1")
    assert api.imps(-430).to_dict() == cli_json("bridge", "imps", "-430")
    assert api.vp(12, 16, repair=False).to_dict() == cli_json("bridge", "vp", "12", "--boards", "16", "--no-repair")
    with pytest.raises(InputError, match="result or tricks"):
        api.bridge_score("4S", "=", tricks=10)


@pytest.mark.parametrize("command, function", [("matchpoints", api.matchpoints), ("butler", api.butler),
                                               ("cross-imps", api.cross_imps)])
def test_one_board_scores(command, function):
    scores = ["420", "450", "-50", "NP", "A+"]
    assert function(scores).to_dict() == cli_json("bridge", command, *scores)
    assert function(scores, preset="seed").text() == cli("bridge", command, *scores, "--preset", "seed")


def test_one_board_settings_by_keyword_are_the_command_s_set():
    scores = [420, 450, -50]
    assert api.cross_imps(scores, cross_imps="total").to_dict() == cli_json(
        "bridge", "cross-imps", *scores, "--set", "cross_imps=total")
    assert api.matchpoints(scores, expected=4).to_dict() == cli_json("bridge", "matchpoints", *scores,
                                                                     "--expected", "4")


def test_rubber_chicago_teams():
    rubber, chicago = EXAMPLES / "bridge" / "rubber_2_1.txt", EXAMPLES / "bridge" / "chicago.txt"
    assert api.rubber(rubber).to_dict() == cli_json("bridge", "rubber", rubber)
    assert api.chicago(chicago, scoring="chicago_duplicate").to_dict() == cli_json(
        "bridge", "chicago", chicago, "--set", "scoring=chicago_duplicate")
    teams = EXAMPLES / "bridge" / "teams.csv"
    found = api.teams_score(teams, repair=False)
    assert found.to_dict() == cli_json("bridge", "teams", "score", teams, "--no-repair")
    assert len(found.to_pandas()) == len(found.to_dict()["standings"])


def test_whist_and_preferans_score():
    whist = EXAMPLES / "whist" / "rubber.json"
    assert api.whist_score(whist).to_dict() == cli_json("whist", "score", whist)
    assert api.whist_score(whist, ruleset="long").to_dict() == cli_json("whist", "score", whist, "--ruleset", "long")
    assert api.whist_score(whist, honours="off", game_target=7).to_dict() == cli_json(
        "whist", "score", whist, "--set", "honours=off", "--set", "game_target=7")
    protocol = EXAMPLES / "preferans" / "sochi_game.json"
    found = api.preferans_score(protocol)
    assert found.to_dict() == cli_json("preferans", "score", protocol)
    assert found.render("svg") == cli("preferans", "score", protocol, "--format", "svg")


def test_session_score_is_score():
    path = EXAMPLES / "bridge" / "pairs_session.csv"
    assert api.score("butler", path).to_dict() == cli_json("bridge", "session", "score", path, "--method", "butler")


def test_tricks_score_is_score():
    """`tricks score` called the scoring system itself, which read a session's results file as JSON records."""
    path = EXAMPLES / "bridge" / "pairs_session.csv"
    assert api.score("mp", path).to_dict() == cli_json("score", "--system", "mp", path)
    chicago = EXAMPLES / "bridge" / "chicago.txt"
    assert api.score("duplicate", chicago).text() == cli("score", "--system", "duplicate", chicago)


SESSION = EXAMPLES / "bridge" / "pairs_session.csv"
HANDS = EXAMPLES / "bridge_pbn" / "dealer4_style.pbn"


def test_a_session_takes_its_hands_and_movement_as_paths(tmp_path):
    """The hands file and a movement file as path objects, as the results file is taken (they were refused)."""
    moves = tmp_path / "mitchell.json"
    api.mitchell(3, 6, output=moves)
    as_text = api.score("mp", SESSION, hands=str(HANDS), movement=str(moves)).to_dict()
    assert api.score("mp", SESSION, hands=HANDS, movement=moves).to_dict() == as_text


FFB = ROOT / "tests" / "data" / "session" / "ffb_dn1_seance1.pbn"   # French names: a latin-1 PBN


SESSIONS = [(SESSION, {"hands": str(HANDS)}, ["--hands", HANDS]),
            (SESSION, {"pbn_encoding": "utf-8"}, ["--set", "pbn_encoding=utf-8"]),
            (FFB, {"system": "butler"}, ["--method", "butler"])]


# Every format of every session but the html page of the 30 boards of FFB (each solved: the example's page will do).
@pytest.mark.parametrize("path, options, cli_options, fmt", [
    (*session, fmt) for session in SESSIONS for fmt in ("text", "json", "csv", "pbn", "usebio", "html")
    if (session[0], fmt) != (FFB, "html")])
def test_a_session_is_written_in_every_format_as_the_command_writes_it(tmp_path, path, options, cli_options, fmt):
    options = dict(options)
    system = options.pop("system", "mp")
    found = api.score(system, path, format=fmt, output=tmp_path / "python", **options)
    cli("bridge", "session", "score", path, *cli_options, "--format", fmt, "-o", tmp_path / "cli")
    assert (tmp_path / "python").read_bytes() == (tmp_path / "cli").read_bytes() == found.to_bytes(fmt)


def test_score_writes_the_system_s_own_formats_as_tricks_score_does(tmp_path):
    protocol = EXAMPLES / "preferans" / "sochi_game.json"
    for fmt in ("text", "json", "svg"):
        api.score("sochi", protocol, format=fmt, output=tmp_path / f"python.{fmt}")
        cli("score", "--system", "sochi", protocol, "--format", fmt, "-o", tmp_path / f"cli.{fmt}")
        assert (tmp_path / f"python.{fmt}").read_bytes() == (tmp_path / f"cli.{fmt}").read_bytes()


@pytest.mark.parametrize("fmt", ["text", "json", "csv"])
def test_teams_score_writes_every_format_as_the_command_writes_it(tmp_path, fmt):
    teams = EXAMPLES / "bridge" / "teams.csv"
    found = api.teams_score(teams, format=fmt, repair=False, output=tmp_path / "python")
    cli("bridge", "teams", "score", teams, "--format", fmt, "--no-repair", "-o", tmp_path / "cli")
    assert (tmp_path / "python").read_bytes() == (tmp_path / "cli").read_bytes() == found.to_bytes(fmt)
    assert found.render(fmt) == found.to_bytes(fmt).decode("utf-8")


@pytest.mark.parametrize("call", [
    lambda out: api.score("mp", SESSION, format="xml", output=out),
    lambda out: api.score("mp", SESSION, format="svg", output=out),              # a session draws no svg
    lambda out: api.score("mp", SESSION, check=True, format="csv", output=out),  # a check is text or json
    lambda out: api.score("duplicate", EXAMPLES / "bridge" / "chicago.txt", format="csv", output=out),
    lambda out: api.teams_score(EXAMPLES / "bridge" / "teams.csv", format="pbn", output=out),
])
def test_a_format_not_written_is_an_input_error_leaving_no_file(tmp_path, call):
    with pytest.raises(InputError) as found:
        call(tmp_path / "out")
    assert found.value.field == "format"
    assert list(tmp_path.iterdir()) == []


def test_a_session_that_cannot_be_written_leaves_no_file(tmp_path):
    """A name that ISO-8859-1 cannot spell stops the session's latin-1 PBN as it is written: no file is left."""
    greek = tmp_path / "greek.pbn"
    greek.write_text(FFB.read_bytes().decode("iso-8859-1").replace("Philippe CHESNY", "Φίλιππος"), encoding="utf-8")
    out = tmp_path / "out.pbn"
    with pytest.raises(InputError) as found:
        api.score("mp", greek, format="pbn", output=out)
    assert found.value.field == "pbn_encoding"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["greek.pbn"]


def _no_deal(done):
    pytest.fail("a deal was played before the protocol's path was checked")


@pytest.mark.parametrize("call", [
    lambda out: api.score("sochi", "no such game.json", output=out),
    lambda out: api.score("mp", "no such session.pbn", format="html", output=out),
    lambda out: api.teams_score("no such teams.csv", output=out),
    lambda out: api.analyse("no such boards.pbn", output=out),
    lambda out: api.play("preferans", agents="heuristic", hands=1, protocol=out, progress=_no_deal),
])
def test_an_output_that_cannot_be_written_is_refused_before_the_work(tmp_path, call):
    """As -o and --protocol are checked with the options: a folder, or a file in a missing folder, was found only
    when the result was written, after the records were read and scored, analysed or played."""
    for out, needle in [(tmp_path / "no such folder" / "out", "no such folder as"), (tmp_path, "is a folder")]:
        with pytest.raises(InputError, match=needle):
            call(out)
    assert list(tmp_path.iterdir()) == []


def test_auction_and_convert(tmp_path):
    pbn = EXAMPLES / "bridge_pbn" / "bbo_style.pbn"
    found = api.auction(pbn)
    assert found.to_dict()["auctions"] == cli_json("bridge", "auction", pbn)
    assert found.text() == cli("bridge", "auction", pbn)
    assert len(found.to_pandas()) == len(found.to_dict()["auctions"])
    for target in ("pbn", "lin", "json"):
        out = tmp_path / f"boards.{target}"
        converted = api.convert(pbn, target, output=out)
        cli("bridge", "convert", pbn, "--to", target, "-o", tmp_path / f"cli.{target}")
        assert out.read_bytes() == (tmp_path / f"cli.{target}").read_bytes() == converted.to_bytes()
    assert api.convert(pbn, "json").to_dict()["boards"] == json.loads(cli("bridge", "convert", pbn, "--to", "json"))
    with pytest.raises(InputError, match="to must be one of"):
        api.convert(pbn, "xml")


def test_movements(tmp_path):
    found = api.mitchell(5, 20, arrow_switch="last_round", pairs=[1, 6])
    assert found.to_dict() == cli_json("bridge", "movement", "mitchell", "--tables", 5, "--boards", 20,
                                       "--arrow-switch", "last_round", "--pairs", 1, "--pairs", 6)
    howell = api.howell(3, 15, output=tmp_path / "h.csv")
    assert howell.to_dict() == cli_json("bridge", "movement", "howell", "--tables", 3, "--boards", 15)
    assert api.movement_check(tmp_path / "h.csv").to_dict() == cli_json("bridge", "movement", "check",
                                                                         tmp_path / "h.csv")
    assert len(howell.to_pandas()) == sum(len(card["rounds"]) for card in howell.to_dict()["cards"])


def test_rotation():
    assert api.rotation(players=5).to_dict() == cli_json("bridge", "rotation", "--players", 5)
    assert api.rotation(names="Ann,Bob,Cy,Di", rotation="tour").text() == cli(
        "bridge", "rotation", "--names", "Ann,Bob,Cy,Di", "--rotation", "tour")
    with pytest.raises(InputError, match="players or names"):
        api.rotation()


def test_play_in_its_three_ways():
    match = api.play("preferans", seed=2, agents="heuristic", hands=2)
    assert match.to_dict() == cli_json("play", "--game", "preferans", "--seed", 2, "--agents", "heuristic",
                                       "--hands", 2)
    one = api.play("bridge", seed=4, dealer="E")
    assert one.to_dict() == cli_json("play", "--game", "bridge", "--seed", 4, "--dealer", "E")
    assert len(one.to_pandas()) == 13
    batch = api.play("whist", seed=3, count=50).to_dict()
    timing = ("seconds", "deals_per_second")
    assert {k: v for k, v in batch.items() if k not in timing} == {
        k: v for k, v in cli_json("play", "--game", "whist", "--seed", 3, "--count", 50).items() if k not in timing}
    with pytest.raises(InputError, match="hands goes with agents"):
        api.play("bridge", hands=3)


def test_play_settings_are_the_keywords_of_set():
    """`tricks play --set NAME=VALUE` is ``play(..., NAME=VALUE)``: the same match, read from text or given typed."""
    typed = api.play("preferans", seed=0, agents="heuristic", pool_target=10, all_pass_exit_levels=(6, 7, 7))
    assert typed.to_dict() == cli_json("play", "--game", "preferans", "--seed", 0, "--agents", "heuristic",
                                       "--pool-target", 10, "--set", "all_pass_exit_levels=[6,7,7]")


def test_solve_a_file_of_deals():
    lin = ROOT / "tests" / "data" / "lin" / "endplay_example1.lin"
    found = api.solve("bridge", deals=lin)
    assert found.text() == cli("solve", "--game", "bridge", "--deals", lin)
    assert [json.loads(line) for line in found.text().splitlines()] == found.to_dict()["deals"]
    with pytest.raises(InputError, match="exactly one of deal and deals"):
        api.solve("bridge")


def test_simulate_takes_the_solve_options_by_keyword():
    by_keyword = api.simulate("bridge", 3, solve=True, contract="3NT", declarer="S")
    assert by_keyword.lines() == api.simulate("bridge", 3, solve={"contract": "3NT", "declarer": "S"}).lines()
    assert by_keyword.to_dict() == cli_json("simulate", "--game", "bridge", "--deals", 3, "--solve", "--contract",
                                            "3NT", "--declarer", "S")
    with pytest.raises(InputError, match="contract goes with solve"):
        api.simulate("bridge", 3, contract="3NT")


SOLVED = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


@pytest.mark.parametrize("call, field", [
    (lambda: api.matchpoints([]), "scores"),
    (lambda: api.matchpoints({"420": 1, "450": 2}), "scores"),          # a dict's keys were taken for the scores
    (lambda: api.mitchell(3, 6, pairs={1: 2}), "pairs"),
    (lambda: api.butler([]), "scores"),
    (lambda: api.cross_imps(()), "scores"),
    (lambda: api.matchpoints([420, 450], expected=-1), "expected"),
    (lambda: api.matchpoints([420, 450, -50], expected=2), "expected"),
    (lambda: api.bridge_score("4S", tricks=-1), "tricks"),
    (lambda: api.bridge_score("4S", -1), "result"),
    (lambda: api.bridge_score("4S", 14), "result"),
    (lambda: api.whist_score(EXAMPLES / "whist" / "rubber.json", ruleset=""), "ruleset"),
    (lambda: api.preferans_score(EXAMPLES / "preferans" / "sochi_game.json", variant=""), "variant"),
    (lambda: api.auction(EXAMPLES / "bridge_pbn" / "bbo_style.pbn", dealer="zzz"), "dealer"),
    (lambda: api.mitchell(4, 24, half_table=""), "half_table"),
    (lambda: api.play("preferans", agents="heuristic", hands=1, protocol=""), "protocol"),
    (lambda: api.play("preferans", seed=1, allow_walkaway=True), "settings"),      # a match's, like variant
    (lambda: api.play("bridge", agents="heuristic", hands=1, allow_walkaway=True), "allow_walkaway"),
    (lambda: api.play("preferans", agents="heuristic", hands=1, allow_walkaway="maybe"), "allow_walkaway"),
    (lambda: api.play("preferans", agents="heuristic", hands=1, num_players=4.0), "num_players"),  # was 4
    (lambda: api.play("preferans", agents="heuristic", hands=1, all_pass_exit_levels="6,,7"), "all_pass_exit_levels"),
    (lambda: api.simulate("bridge", 2, solve=True, vul=""), "vul"),        # was no one vulnerable
    (lambda: api.solve("bridge", SOLVED, vul=""), "vul"),
    (lambda: api.play("whist", seed=3, trump=""), "trump"),                # was the turn-up
    (lambda: api.play("whist", seed=3, count=5, trump=" "), "trump"),
    (lambda: api.play("whist", seed=3, agents="heuristic", hands=1, trump=""), "trump"),
    (lambda: api.play("bridge", seed=1, trump="zz"), "trump"),              # the notation's error named no field
    (lambda: api.play("whist", seed=3, agents="heuristic", hands=1, trump="zz"), "trump"),
    (lambda: api.simulate("preferans", 2, solve=True, declarer="hand1", talon_mode=""), "talon_mode"),  # was suit_only
    (lambda: api.simulate("preferans", 2, solve=True, declarer="hand1", talon_mode="zz"), "talon_mode"),
    # Past Python's 4,300-digit limit the error message itself failed: a ValueError traceback.
    (lambda: api.play("preferans", agents="heuristic", players=10 ** 5000), "players"),
    (lambda: api.score("preferans-sochi", EXAMPLES / "preferans" / "sochi_game.json", pool_target=10 ** 5000),
     "pool_target"),
])
def test_bad_values_are_input_errors_naming_the_field(call, field):
    """Each was a figure for nothing (an empty board's top -2, Neuberg's negative top, -1 tricks read as one down)
    or an empty value taken for the default, where the command refuses it."""
    with pytest.raises(InputError) as found:
        call()
    assert found.value.field == field
