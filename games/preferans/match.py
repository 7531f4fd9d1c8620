"""The facts of a whole preferans game (a pulya) that the shared match runner asks for: seeded deals, dealer
rotation (§2), exit levels after all-pass deals (§6.4), the running sheet that ends the game, the text a person
follows and the §11.2 protocol."""
import json

from trickcore.cards import format_card
from trickcore.errors import InputError
from trickcore.files import write_text_atomically
from trickcore.games.base import Match, MatchReport
from trickcore.games.preferans.record import PROTOCOL_FORMAT, SUIT_ORDER, hand_text
from trickcore.games.preferans.variants import play_settings
from trickcore.games.preferans.vocab import DEALER, PLAYERS
from trickcore.scoring.preferans import Ledger, make_settings, parse_protocol, render_text

MAX_HANDS = 10_000        # the most deals ``--hands`` may ask for, as in whist
MAX_DEALS = 300           # safety cap (``--hands`` overrides it): a pulya not ended by then is an early stop


class PreferansMatch(Match):
    """One pulya: deal ``k`` is ``game.deal(seed, k)``; the scorer's ledger says when the pools are full.

    The dealer passes clockwise after every deal; with ``same_dealer_after_all_pass`` (Classic) he deals again
    after an all-pass or a caught misère, at most three deals in a row (§2).
    """

    def __init__(self, game, seed, settings, players, pool_target, first_dealer, max_deals=MAX_DEALS, protocol=None):
        self.game = game
        self.seed = seed
        self.settings = settings
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
              dealer=None, trump=None):
        """The match of the ``tricks play --agents`` options; InputError naming the option that is wrong."""
        if trump is not None:
            raise InputError("--trump does not apply to preferans: the declarer announces the contract",
                             field="trump")
        settings = play_settings(variant or "sochi")
        n = settings.num_players if players is None else players
        if n not in (3, 4):
            raise InputError(f"preferans is played by 3 or 4 players, not {n}", field="players")
        target = make_settings(settings.variant).pool_target if pool_target is None else pool_target
        if target < 1:
            raise InputError(f"the pool target must be at least 1, not {target}", field="pool_target")
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
        return cls(game, seed, settings, ids, target, first, cap, protocol)

    def first_dealer(self):
        """The dealer of the first deal (``--dealer``, else A)."""
        return self.dealer

    def new_state(self, index, dealer):
        """Deal ``index`` dealt by ``dealer``, with the exit level the all-pass series so far sets (§6.4)."""
        levels = self.settings.all_pass_exit_levels
        exit_level = levels[min(self.series, len(levels)) - 1] if self.series else 6
        return self.game.new_state(self.game.deal(self.seed, index), dealer, self.settings, self.players,
                                   exit_level)

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
                "settings": {"pool_target": self.pool_target}, "deals": [r.protocol for r in records]}

    def ledger(self):
        """The running sheet of the game: the scorer's ledger under the variant and the pool target."""
        return Ledger.for_protocol(parse_protocol(self.protocol()))

    def report(self, result):
        """The text (every deal with the sheet after it) and JSON of the game; writes the protocol if asked."""
        ids, names = self.players, list(result.agent_names)
        protocol = self.protocol(result.records)
        lines = [f"Preferans {self.settings.variant}, {len(ids)} players, pool target {self.pool_target}, seed "
                 f"{self.seed}; agents " + ", ".join(f"{p} {a}" for p, a in zip(ids, names)), ""]
        running = self.ledger()
        for k, record in enumerate(result.records, 1):
            running.add(record)
            lines += deal_text(k, record) + [render_text(running.sheet()), ""]
        sheet = result.ledger.sheet()
        if not sheet.finished:
            lines.append(f"Stopped after {len(result.records)} deals (the deal cap): the game is settled as an "
                         "early stop.")
        if self.protocol_path:
            write_protocol(protocol, self.protocol_path)
        data = {"game": "preferans", "variant": self.settings.variant, "players": list(ids), "agents": names,
                "seed": self.seed, "pool_target": self.pool_target, "deals": [r.to_dict() for r in result.records],
                "protocol": protocol, "sheet": sheet.to_dict()}
        return MatchReport("\n".join(lines).rstrip() + "\n", data)


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
    lines.append("  auction: " + ", ".join(f"{who[h]} {c}" for h, c in deal.auction))
    if deal.kind == "all_pass":
        lines.append("  all-pass (raspasy)")
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
