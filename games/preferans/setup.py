"""What one preferans deal's State needs beside its cards (the Setup ``Preferans.new_state`` takes)."""
import attrs

from trickcore.games.base import Setup


@attrs.frozen(kw_only=True)
class PreferansSetup(Setup):
    """The deal under ``variant`` (a PlaySettings, or a variant's name; default Sochi) among ``players`` (their
    number or their ids clockwise; default 3, Gusarik 2), ``dealer`` the dealer's index among them,
    ``exit_level`` the lowest trick bid allowed after all-pass deals (rules/preferans.md §6.4); Gusarik also takes
    ``owed``, the razboinik games each player still owes (None: the pool stage), and ``closing`` for a closing all-pass
    deal."""

    players: object = None
    exit_level: int = 6
    owed: object = None
    closing: bool = False
