"""One preferans deal from the cards to its protocol record: auction, talon and discard, announcement,
defence calls, open/closed choice, play, and the §11.2 deal record (preferans.md §3-§6, §11.2).

Agents decide through views that hold only what their player may see (``View``). The double-dummy agent is
the one exception: it is shown every hand and the talon when the deal starts and the hands as played after the
discard (games.double_dummy.show_deal / show_play_hands), which no other agent receives.
"""
import attrs

from trickcore.games.double_dummy import show_deal, show_play_hands
from trickcore.games.preferans.auction import Auction, contracts_allowed
from trickcore.games.preferans.cardplay import TALON, play_all_pass, play_tricks, tricks_won
from trickcore.games.preferans.contract import MISERE, level, strain, trump_of
from trickcore.games.preferans.defence import DEALER, Defence
from trickcore.errors import IllegalCall, IllegalPlay


@attrs.frozen
class View:
    """What one player may see when he decides: his own cards, the public history and exposed hands.

    ``player`` is who decides (hand 0..2 or DEALER); ``seat`` the hand the decision is for (they differ when
    a lone whister plays an open partner's cards). ``visible`` maps other exposed hands to their cards.
    """

    phase: str
    player: int
    seat: int
    n_players: int
    hand: tuple
    legal: tuple
    auction: tuple = ()
    declarer: int | None = None
    bid: str | None = None
    contract: str | None = None
    talon: tuple = ()
    discard: tuple = ()
    defence: tuple = ()
    whisters: tuple = ()
    visible: dict = attrs.Factory(dict)
    trick: tuple = ()
    done: tuple = ()
    trump: object = None
    kind: str = "game"


@attrs.frozen
class DealResult:
    """Everything that happened in one deal, for display, and its protocol record."""

    dealer: int
    hands: tuple
    talon: tuple
    auction: tuple
    kind: str
    declarer: int | None
    bid: str | None
    contract: str | None
    discard: tuple
    defence: tuple
    defence_kind: str | None
    is_open: bool
    tricks: tuple
    won: tuple
    record: dict


def card_code(card):
    """A card in the protocol's rank-then-suit notation (``AS``, ``TH``; §1)."""
    return card.rank.letter + card.suit.letter


def play_deal(deal, agents, players, dealer, settings, exit_level=6):
    """Play ``deal`` (hands hand1..hand3, talon) with ``agents`` (one per player, by player index).

    ``players`` are the ids clockwise, ``dealer`` the dealer's player index. Returns a DealResult.
    """
    n = len(players)
    slot_player = {s: (dealer + 1 + s) % n for s in range(3)}
    slot_player[DEALER] = dealer
    ids = {s: players[p] for s, p in slot_player.items()}

    def agent(slot):
        return agents[slot_player[slot]]

    hands = [tuple(sorted(h, reverse=True)) for h in deal.hands]
    talon = tuple(deal.talon)
    show_deal(agents, hands, talon)
    auction = Auction(settings.allow_hold, exit_level)
    while not auction.is_complete:
        hand = auction.turn
        view = View("auction", hand, hand, n, hands[hand], tuple(auction.legal_calls()),
                    auction=tuple(auction.calls))
        auction.make_call(agent(hand).choose_call(view))
    out = auction.outcome
    base = dict(dealer=dealer, hands=tuple(hands), talon=talon, auction=tuple(auction.calls))
    record = {"dealer": players[dealer]}

    if out.all_pass:
        mode = settings.talon_mode(n)
        tricks = _play(hands, None, agent, n, settings, kind="all_pass", talon=talon, mode=mode,
                       auction_calls=tuple(auction.calls))
        won = tricks_won(tricks)
        record.update(type="all_pass", tricks={ids[s]: won[s] for s in range(3)})
        if n == 4 and mode == "dealer_owns":
            record["tricks"][ids[DEALER]] = won[TALON]
        return DealResult(**base, kind="all_pass", declarer=None, bid=None, contract=None, discard=(),
                          defence=(), defence_kind=None, is_open=False, tricks=tuple(tricks), won=tuple(won),
                          record=record)

    decl, bid = out.declarer, out.bid
    twelve = tuple(sorted(hands[decl] + talon, reverse=True))
    allowed = tuple(contracts_allowed(bid))
    view = View("talon", decl, decl, n, twelve, allowed, auction=tuple(auction.calls), declarer=decl, bid=bid,
                talon=talon)
    discard, contract = agent(decl).choose_discard(view)
    discard = tuple(discard)
    if len(set(discard)) != 2 or not set(discard) <= set(twelve):
        raise IllegalPlay(f"the discard must be two cards of the declarer's twelve, not {discard}")
    if contract not in allowed:
        raise IllegalCall(f"{contract} may not be announced after winning the auction with {bid}")
    play_hands = list(hands)
    play_hands[decl] = tuple(c for c in twelve if c not in discard)
    show_play_hands(agents, play_hands)
    info = dict(auction_calls=tuple(auction.calls), declarer=decl, bid=bid, contract=contract, talon=talon,
                discard=discard)
    record["declarer"] = ids[decl]
    if settings.dealer_talon_bonus_recorded(n) and contract != MISERE:
        record["talon"] = [card_code(c) for c in talon]

    defence, defence_kind, is_open, whisters, controllers = (), None, False, (), {}
    if contract == MISERE:
        kind = "misere"
        record["type"] = "misere"
        exposed = "misere"
    else:
        kind = "game"
        record.update(type="game", contract=contract)
        exposed = None
        if not (level(contract) == 10 and settings.ten_trick_mode == "checked"):
            d = Defence(decl, level(contract), strain(contract) == "S", n, settings)
            while not d.is_complete:
                who = d.to_call
                seen = {}
                if who == DEALER and d.stage == "dealer_return":
                    passer = d.d1 if d.half_by == d.d2 else d.d2
                    seen = {passer: play_hands[passer]}   # §5.2: the dealer may look at one defender's cards
                v = View("defence", who, who, n, play_hands[who] if who != DEALER else (),
                         tuple(d.legal_calls()), defence=tuple(d.log), visible=seen, **_public(info))
                d.make_call(agent(who).choose_call(v))
            res = d.outcome
            defence, defence_kind, whisters = tuple(d.log), res.kind, res.whisters
            record["calls"] = {ids[h]: c for h, c in res.calls.items()}
            if res.returned_by is not None:
                record["returned_by"] = ids[res.returned_by]
            if res.dealer_call == "whist":
                record["dealer_call"] = "whist"
            w = res.lone_whister
            if w == DEALER:
                is_open = True
            elif w is not None:
                v = View("open", w, w, n, play_hands[w], ("open", "closed"), defence=defence, whisters=whisters,
                         **_public(info))
                is_open = agent(w).choose_call(v) == "open"
            if res.kind != "played":
                return DealResult(**base, kind=kind, declarer=decl, bid=bid, contract=contract, discard=discard,
                                  defence=defence, defence_kind=defence_kind, is_open=False, tricks=(),
                                  won=(), record=record)
            record["open"] = is_open
            if is_open:
                exposed = "open"
                controllers = {h: w for h in (d.d1, d.d2)}
    tricks = _play(play_hands, None if contract == MISERE else trump_of(contract), agent, n, settings,
                   kind=kind, exposed=exposed, controllers=controllers, whisters=whisters, defence=defence, **info)
    won = tricks_won(tricks)
    record["tricks"] = {ids[s]: won[s] for s in range(3)}
    return DealResult(**base, kind=kind, declarer=decl, bid=bid, contract=contract, discard=discard,
                      defence=defence, defence_kind=defence_kind, is_open=is_open, tricks=tuple(tricks),
                      won=tuple(won), record=record)


def _public(info):
    """The View fields every player sees once the contract is announced (not the discard)."""
    return dict(auction=info["auction_calls"], declarer=info["declarer"], bid=info["bid"],
                contract=info["contract"], talon=info["talon"])


def _play(hands, trump, agent, n, settings, kind, auction_calls, exposed=None, controllers=None,
          whisters=(), defence=(), declarer=None, bid=None, contract=None, talon=(), discard=(), mode=None):
    """Play the cards, asking the controller of each hand through a View; returns the TrickRecords."""
    remaining = [set(h) for h in hands]
    controllers = controllers or {}
    defenders = [h for h in range(3) if h != declarer] if declarer is not None else []

    def choose(seat, legal, trick, done):
        player = controllers.get(seat, seat)
        played_any = bool(trick) or bool(done)
        visible = {}
        # §5.5: exposed before the first lead, or after the first card when the misère declarer leads blind
        # or the setting open_after_first_lead asks for it.
        late = exposed == "misere" and declarer == 0 or exposed == "open" and settings.open_after_first_lead
        if exposed is not None and (played_any or not late):
            visible = {h: tuple(sorted(remaining[h], reverse=True)) for h in defenders}
        visible.pop(seat, None)
        if kind == "all_pass":
            shown = tuple(c for t in done for who, c in t.plays if who == TALON)
            shown += tuple(c for who, c in trick if who == TALON)
        else:
            shown = talon
        view = View("play", player, seat, n, tuple(sorted(remaining[seat], reverse=True)), tuple(legal),
                    auction=auction_calls, declarer=declarer, bid=bid, contract=contract, talon=shown,
                    discard=discard if player == declarer else (), defence=defence, whisters=whisters,
                    visible=visible, trick=trick, done=done, trump=trump, kind=kind)
        card = agent(player).choose_card(view)
        if card not in legal:
            raise IllegalPlay(f"hand{seat + 1} may not play {card} here")
        remaining[seat].discard(card)
        return card

    if kind == "all_pass":
        return play_all_pass(hands, talon, mode, choose)
    return play_tricks(hands, trump, 0, choose)
