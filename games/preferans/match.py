"""The facts of a whole preferans game (a pulya) that the shared match runner asks for: seeded deals, dealer
rotation (§2), exit levels after all-pass deals (§6.4), the running sheet that ends the game, the text a person
follows and the §11.2 protocol; Gusarik's razboinik stage and the old game's redeals (rules/preferans-variants.md
§1.4, §3.1).

Sections (§) are those of docs/rules/preferans.md."""
import json

from trickcore.cards import format_card
from trickcore.errors import InputError
from trickcore.files import write_text_atomically
from trickcore.games.base import Match, MatchReport
from trickcore.games.preferans.record import PROTOCOL_FORMAT, SUIT_ORDER, hand_text
from trickcore.games.preferans.gusarik import RAZBOINIK_GAMES, game_of
from trickcore.games.preferans.setup import PreferansSetup
from trickcore.games.preferans.variants import GUSARIK, OLD, play_settings
from trickcore.games.preferans.vocab import DEALER, PLAYERS
from trickcore.games.registry import get_scoring

MAX_HANDS = 10_000        # the most deals ``--hands`` may ask for, as in whist
MAX_DEALS = 300           # safety cap (``--hands`` overrides it): a pulya not ended by then is an early stop


class PreferansMatch(Match):
    """One pulya: deal ``k`` is ``game.deal(seed, k)``; the scorer's ledger says when the pools are full.

    The dealer passes clockwise after every deal; with ``same_dealer_after_all_pass`` (Classic) he deals again
    after an all-pass or a caught misère, at most three deals in a row (§2).
    """

    def __init__(self, game, seed, settings, players, pool_target, first_dealer, max_deals=MAX_DEALS, protocol=None,
                 changed=()):
        self.game = game
        self.seed = seed
        self.settings = settings
        # The play settings changed from the variant's preset, as the protocol records them for its scorer.
        self.changed = {name: _json_value(getattr(settings, name)) for name in changed}
        self.players = tuple(players)
        self.n_players = len(self.players)
        self.pool_target = pool_target
        self.dealer = first_dealer
        self.max_deals = max_deals
        self.protocol_path = protocol
        self.run = 1             # deals in a row by the same dealer
        self.series = 0          # all-pass deals in the current series (§6.4)

    @classmethod
    def setup(cls, game, seed, variant=None, players=None, pool_target=None, hands=None, protocol=None,
              dealer=None, settings=None):
        """The match of the ``tricks play --agents`` options, ``settings`` the variant's play settings changed by
        name (§10, every deal of the match); InputError naming the option or setting that is wrong."""
        changes = dict(settings or {})
        settings = play_settings(variant or "sochi", **changes)
        if "gusarik_stage" in changes:
            raise InputError("a Gusarik match plays the pool stage with --pool-target, else the razboinik stage: "
                             "gusarik_stage is not set", field="gusarik_stage")
        n = settings.num_players if players is None else players
        if "num_players" in changes and n != settings.num_players:
            raise InputError(f"{n} players, but num_players is set to {settings.num_players}", field="players")
        allowed = (settings.num_players,) if settings.variant in (GUSARIK, OLD) else (3, 4)
        if n not in allowed:
            raise InputError(f"preferans {settings.variant} is played by {' or '.join(map(str, allowed))} players, "
                             f"not {n}", field="players")
        if settings.variant == OLD and pool_target is not None:
            raise InputError("the old game has no pool: it ends when the remises are played out", field="pool_target")
        if settings.variant == GUSARIK and pool_target is not None:
            # rules/preferans-variants.md §1.3: a pool target plays the pool stage; without one, the razboinik stage
            # (which has none).
            settings = play_settings(GUSARIK, **changes, gusarik_stage="pool")
        # The razboinik stage and the old game have no pool: no target.
        target = pool_target if settings.variant in (GUSARIK, OLD) else (
            get_scoring(f"preferans-{settings.variant}").settings().pool_target if pool_target is None else pool_target)
        if target is not None and target < 1:
            raise InputError(f"the pool target must be at least 1, not {target}", field="pool_target")
        cls = {GUSARIK: GusarikMatch, OLD: OldMatch}.get(settings.variant, cls)
        ids = PLAYERS[:n]
        if dealer is None:
            first = 0
        elif str(dealer).strip().upper() in ids:
            first = ids.index(str(dealer).strip().upper())
        else:
            raise InputError(f"the dealer must be one of the players {' '.join(ids)}, not {dealer!r}",
                             field="dealer")
        cap = MAX_DEALS if hands is None else hands
        if not 1 <= cap <= MAX_HANDS:
            raise InputError(f"the number of deals must be at least 1 and at most {MAX_HANDS}, not {cap}",
                             field="hands")
        return cls(game, seed, settings, ids, target, first, cap, protocol, changes)

    def first_dealer(self):
        """The dealer of the first deal (``--dealer``, else A)."""
        return self.dealer

    def new_state(self, index, dealer):
        """Deal ``index`` dealt by ``dealer``, with the exit level the all-pass series so far sets (§6.4)."""
        levels = self.settings.all_pass_exit_levels
        exit_level = levels[min(self.series, len(levels)) - 1] if self.series else 6
        return self.game.new_state(self.game.deal(self.seed, index), self.deal_setup(dealer, exit_level=exit_level))

    def deal_setup(self, dealer, **facts):
        """The PreferansSetup of a deal of this game dealt by ``dealer``, with the deal's own ``facts``."""
        return PreferansSetup(dealer=dealer, variant=self.settings, players=self.players, **facts)

    def next_dealer(self, dealer, record):
        """The next dealer after ``record``; also moves the all-pass series on (§6.4)."""
        self.series = self._next_series(record)
        caught = record.kind == "misere" and record.won[record.declarer] > 0
        if self.settings.same_dealer_after_all_pass and (record.kind == "all_pass" or caught) and self.run < 3:
            self.run += 1
            return dealer
        self.run = 1
        return (dealer + 1) % self.n_players

    def _next_series(self, record):
        """The all-pass series index after ``record`` (§6.4: any game ends it, or only a whisted game)."""
        if record.kind == "all_pass":
            return self.series + 1
        if self.settings.all_pass_exit == "any_game":
            return 0
        whisted = record.kind == "misere" or (record.kind == "game" and bool(record.tricks))
        return 0 if whisted else self.series

    def protocol(self, records=()):
        """The §11.2 protocol of the game so far."""
        return {"format": PROTOCOL_FORMAT, "variant": self.settings.variant, "players": list(self.players),
                "settings": {"pool_target": self.pool_target, **self.changed}, "deals": [r.protocol for r in records]}

    def scoring(self):
        """The variant's scoring system (``preferans-<variant>``)."""
        return get_scoring(f"preferans-{self.settings.variant}")

    def ledger(self):
        """The running sheet of the game: the scoring system's ledger for the protocol's players and settings
        (the variant and the pool target)."""
        return self.scoring().ledger(protocol=self.protocol())

    def sheet_text(self, ledger):
        """The sheet as text, after a deal, as the scoring system renders it."""
        return self.scoring().render(ledger, "text")

    def sheet_data(self, ledger):
        """The sheet's JSON data."""
        return self.scoring().json_data(ledger)

    def report(self, result):
        """The text (every deal with the sheet after it) and JSON of the game; writes the protocol if asked."""
        ids, names = self.players, list(result.agent_names)
        protocol = self.protocol(result.records)
        changed = "".join(f", {name}={_setting_text(value)}" for name, value in self.changed.items())
        lines = [f"Preferans {self.settings.variant}{changed}, {len(ids)} players, {self.length_text()}, seed "
                 f"{self.seed}; agents " + ", ".join(f"{p} {a}" for p, a in zip(ids, names)), ""]
        running = self.ledger()
        for k, record in enumerate(result.records, 1):
            lines += deal_text(k, record)
            running.add(record)
            lines.append(self.sheet_text(running))
            lines.append("")
        if not self.is_over(result.ledger, result.records):
            lines.append(f"Stopped after {len(result.records)} deals (the deal cap): the game is settled as an "
                         "early stop.")
        if self.protocol_path:
            write_protocol(protocol, self.protocol_path)
        data = {"game": "preferans", "variant": self.settings.variant, "players": list(ids), "agents": names,
                "seed": self.seed, "pool_target": self.pool_target, "deals": [r.to_dict() for r in result.records],
                "protocol": protocol, "sheet": self.sheet_data(result.ledger)}
        return MatchReport("\n".join(lines).rstrip() + "\n", data)

    def length_text(self):
        """How long the game is, for the report's first line."""
        return f"pool target {self.pool_target}"


class GusarikMatch(PreferansMatch):
    """A Gusarik game between A and B (rules/preferans-variants.md §1): only they deal, alternately
    (rules/preferans-variants.md D2).

    The razboinik stage (rules/preferans-variants.md §1.4) ends after each player's six games and the closing all-pass
    deals, facts of the play; the pool stage ends when the scorer's ledger says the pools are full. In the pool stage
    the dealer deals again after an all-pass (Classic), at most three deals in a row.
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.razboinik = self.settings.gusarik_stage == "razboinik"
        self.history = []

    def owed(self, records):
        """The razboinik games each player still owes after ``records`` (rules/preferans-variants.md §1.4 item 1:
        whatever the outcome)."""
        owed = [set(RAZBOINIK_GAMES), set(RAZBOINIK_GAMES)]
        for r in records:
            if r.kind in ("game", "misere"):
                owed[r.players.index(r.protocol["declarer"])].discard(game_of(r.contract))
        return owed

    def new_state(self, index, dealer):
        """Deal ``index`` dealt by ``dealer``: in the razboinik stage with the games owed, or a closing deal."""
        deal = self.game.deal(self.seed, index)
        if not self.razboinik:
            return self.game.new_state(deal, self.deal_setup(dealer))
        owed = self.owed(self.history)
        return self.game.new_state(deal, self.deal_setup(dealer, owed=owed, closing=not any(owed)))

    def next_dealer(self, dealer, record):
        """The other player, except after an all-pass in the pool stage (Classic's same dealer)."""
        self.history.append(record)
        if self.razboinik:
            return 1 - dealer
        return super().next_dealer(dealer, record)

    def is_over(self, ledger, records):
        """Razboinik: every game played and the closing all-pass deals dealt; pool: the ledger's end."""
        if not self.razboinik:
            return super().is_over(ledger, records)
        closing = sum(r.kind == "all_pass" for r in records)
        return not any(self.owed(records)) and closing >= self.settings.razboinik_all_pass_deals

    def protocol(self, records=()):
        """The rules/preferans-variants.md §1.13 protocol of the game so far."""
        settings = {"gusarik_stage": self.settings.gusarik_stage}
        if not self.razboinik:
            settings["pool_target"] = self.pool_target
        settings.update(self.changed)
        return {"format": PROTOCOL_FORMAT, "variant": GUSARIK, "players": list(self.players), "settings": settings,
                "deals": [r.protocol for r in records]}

    def length_text(self):
        """The stage, and the pool target of the pool stage."""
        return f"pool target {self.pool_target}" if not self.razboinik else "razboinik stage"


class OldMatch(PreferansMatch):
    """A game of the 19th-century preferans (rules/preferans-variants.md §3): the deal passes clockwise, and a deal
    nobody bought is redealt by the same dealer (rules/preferans-variants.md D26); the scorer's remise ledger says when
    the pot of remises is played out (rules/preferans-variants.md D39)."""

    def new_state(self, index, dealer):
        """Deal ``index`` dealt by ``dealer``."""
        return self.game.new_state(self.game.deal(self.seed, index), self.deal_setup(dealer))

    def next_dealer(self, dealer, record):
        """The same dealer after a redeal, else the next player clockwise."""
        return dealer if record.kind == "redeal" else (dealer + 1) % self.n_players

    def ledger(self):
        """The remise ledger of the scoring system (rules/preferans-variants.md D39: it ends the game)."""
        return self.scoring().ledger(players=self.players)

    def sheet_text(self, ledger):
        """The remise ledger as text, as the scoring system renders it."""
        return super().sheet_text(ledger).rstrip("\n")

    def protocol(self, records=()):
        """The rules/preferans-variants.md §3.10 protocol of the game so far."""
        return {"format": PROTOCOL_FORMAT, "variant": OLD, "players": list(self.players), "settings": {},
                "deals": [r.protocol for r in records]}

    def length_text(self):
        """The old game is played until the remises are played out."""
        return "until the remises are played out"


def _json_value(value):
    """A play setting's value as JSON keeps it (a list for a tuple: ``all_pass_exit_levels``)."""
    return list(value) if isinstance(value, tuple) else value


def _setting_text(value):
    """A play setting's value as ``--set`` takes it (``true``, ``[6,7,7]``, ``none``)."""
    return value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))


def write_protocol(protocol, path):
    """Write the protocol JSON to ``path`` atomically (a temp file in the same folder, then rename)."""
    try:
        write_text_atomically(path, json.dumps(protocol, indent=2, ensure_ascii=False) + "\n")
    except OSError as e:
        raise InputError(f"cannot write the protocol: {e.strerror}", source=path, field="protocol") from None


def _cards(cards):
    return " ".join(format_card(c, "symbol") for c in sorted(cards, key=lambda c: (SUIT_ORDER.index(c.suit),
                                                                                     -c.rank)))


def deal_text(k, deal):
    """The lines that show one deal (a PlayedDeal): hands, talon, auction, discard, contract, defence, tricks."""
    ids, who = deal.players, deal.names()
    lines = [f"Deal {k}: dealer {ids[deal.dealer]}" + (" (sits out)" if len(ids) == 4 else "")]
    for s in range(3):
        lines.append(f"  hand{s + 1} {who[s]}: {hand_text(deal.hands[s])}")
    lines.append(f"  talon: {_cards(deal.talon)}")
    if deal.auction:                       # Gusarik's closing all-pass deals have none
                                           # (rules/preferans-variants.md §1.4)
        lines.append("  auction: " + ", ".join(f"{who[h]} {c}" for h, c in deal.auction))
    if deal.kind == "all_pass":
        lines.append("  all-pass (raspasy)")
    elif deal.kind == "walkaway":
        lines.append(f"  {who[deal.declarer]} wins the auction with {deal.bid}, sees the talon and walks away "
                     "(down three)")
    elif deal.kind == "redeal":
        lines.append("  nobody declared or bought the talon: the same dealer deals again")
    elif not deal.discard:
        lines.append(f"  {who[deal.declarer]} declares {deal.contract} without the talon")
    elif deal.bid is None:
        lines.append(f"  {who[deal.declarer]} takes the talon, discards {_cards(deal.discard)}, plays {deal.contract}")
    else:
        lines.append(f"  {who[deal.declarer]} wins the auction with {deal.bid}, takes the talon, discards "
                     f"{_cards(deal.discard)}, plays {deal.contract}")
    if deal.defence:
        calls = ", ".join(f"{who[w] if w != DEALER else ids[deal.dealer] + ' (dealer)'} {c}" for w, c in deal.defence)
        lines.append(f"  defence: {calls}" + (" — open" if deal.is_open else ""))
    if deal.kind == "game" and not deal.tricks:
        lines.append("  " + ("half-whist stands" if deal.defence_kind == "half_whist" else "passed out")
                     + f": {deal.contract} is not played")
    for i, t in enumerate(deal.tricks, 1):
        plays = "  ".join(f"{who[w]} {format_card(c, 'symbol')}" for w, c in t.plays)
        lines.append(f"  {i:2d}. {plays}  -> {deal.winner_name(t.winner)}")
    if deal.tricks:
        lines.append("  tricks: " + ", ".join(f"{name} {n}" for name, n in deal.protocol["tricks"].items()))
    return lines
