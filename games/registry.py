"""Finding installed plug-ins: games (``trickcore.games``), scoring systems (``trickcore.scorings``) and
command groups (``trickcore.commands``), by entry point, so a new game never needs a change here."""
import functools
from importlib.metadata import entry_points

from trickcore.errors import PluginError


@functools.lru_cache(maxsize=None)
def _group(group):
    # Reading the installed packages' metadata takes tens of milliseconds: once per process is enough (a
    # package installed later is found by the next process, as by any Python program).
    return {ep.name: ep for ep in entry_points(group=group)}


def _load(group, name, what):
    found = _group(group)
    if name not in found:
        known = ", ".join(sorted(found)) or "none"
        raise PluginError(f"unknown {what} {name!r} (installed: {known})")
    try:
        return found[name].load()
    except Exception as exc:  # a broken third-party plug-in must not crash the CLI with a traceback
        raise PluginError(f"the {what} plug-in {name!r} does not load: {exc}") from exc


def game_names():
    """Names of the installed games, sorted."""
    return sorted(_group("trickcore.games"))


def get_game(name):
    """The installed game called ``name``; PluginError naming the installed ones if there is none."""
    return _load("trickcore.games", name, "game")


def installed_games():
    """The installed games that load, in name order (a broken plug-in is named when it is asked for)."""
    found = []
    for name in game_names():
        try:
            found.append(get_game(name))
        except PluginError:
            continue
    return found


def scoring_names():
    """Names of the installed scoring systems, sorted."""
    return sorted(_group("trickcore.scorings"))


def scoring_name(name):
    """The installed scoring system's name that ``name`` means, as the CLI and the Python functions read it: the
    full name (``preferans-rostov``), written with ``_`` for ``-`` (``cross_imps``), without its game when only
    one game has a system of that name (``rostov``), or a short name a system declares (``mp``)."""
    found = _group("trickcore.scorings")
    key = str(name).strip().lower().replace("_", "-")
    for candidate in (name, key):
        if candidate in found:
            return candidate
    short = [full for full in sorted(found) if full.split("-", 1)[-1] == key]
    if len(short) == 1:
        return short[0]
    aliased = [full for full in sorted(found) if key in getattr(_loaded(full), "aliases", ())]
    return aliased[0] if len(aliased) == 1 else name


def _loaded(name):
    try:
        return get_scoring(name)
    except PluginError:
        return None


def get_scoring(name):
    """The installed scoring system called ``name`` (any name ``scoring_name`` reads)."""
    return _load("trickcore.scorings", scoring_name(name), "scoring system")


def scorings_for(game_name):
    """Names of the installed scoring systems whose ``game`` is ``game_name``."""
    names = []
    for name in scoring_names():
        try:
            scoring = get_scoring(name)
        except PluginError:
            continue
        if getattr(scoring, "game", None) == game_name:
            names.append(name)
    return names


def command_groups():
    """The installed CLI command groups, by name (loaded lazily by the CLI)."""
    return _group("trickcore.commands")


def agent_names(game_name):
    """Names of the agents installed for ``game_name`` (entry points ``<game>-<agent>``), sorted."""
    prefix = game_name + "-"
    return sorted(n[len(prefix):] for n in _group("trickcore.agents") if n.startswith(prefix))


def get_agent(game_name, name):
    """The agent class ``name`` of ``game_name``; PluginError naming the installed ones if there is none."""
    if f"{game_name}-{name}" not in _group("trickcore.agents"):
        known = ", ".join(agent_names(game_name)) or "none"
        raise PluginError(f"unknown {game_name} agent {name!r} (installed: {known})")
    return _load("trickcore.agents", f"{game_name}-{name}", "agent")
