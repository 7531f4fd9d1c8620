"""A whole preferans game (a pulya) with agents: seeded deals, dealer rotation (§2), exit levels (§6.4), the
running sheet from the scorer after every deal, the text a person follows, and the §11.2 protocol."""
import json

from trickcore.games.preferans.cardplay import TALON
from trickcore.games.preferans.engine import card_code, play_deal
from trickcore.games.preferans.settings import play_settings
from trickcore.cards import Suit, format_card
from trickcore.errors import InputError
from trickcore.files import write_text_atomically

PROTOCOL_FORMAT = "trickcore.preferans.protocol/1"
PLAYER_IDS = ("A", "B", "C", "D")
MAX_DEALS = 300           # safety cap (``--hands`` overrides it): a pulya not ended by then is an early stop
SUIT_ORDER = (Suit.S, Suit.C, Suit.D, Suit.H)   # preferans order ♠ ♣ ♦ ♥


def match_setup(options):
    """(PlaySettings, player ids, pool target, first dealer, deal cap) from the ``tricks play`` options."""
    if options.get("trump") is not None:
        raise InputError("--trump does not apply to preferans: the declarer announces the contract", field="trump")
    settings = play_settings(options.get("variant") or "sochi")
    n = options.get("players") or settings.num_players
    if n not in (3, 4):
        raise InputError(f"preferans is played by 3 or 4 players, not {n}", field="players")
    target = options.get("pool_target") or settings.pool_target
    if target < 1:
        raise InputError(f"the pool target must be at least 1, not {target}", field="pool_target")
    ids = PLAYER_IDS[:n]
    dealer = options.get("dealer")
    if dealer is None:
        first = 0
    elif str(dealer).strip().upper() in ids:
        first = ids.index(str(dealer).strip().upper())
    else:
        raise InputError(f"the dealer must be one of the players {' '.join(ids)}, not {dealer!r}", field="dealer")
    cap = MAX_DEALS if options.get("hands") is None else options["hands"]
    if cap < 1:
        raise InputError(f"the number of deals must be at least 1, not {cap}", field="hands")
    return settings, ids, target, first, cap


def deal_sequence(game, agents, seed, settings, ids, first_dealer, max_deals=MAX_DEALS):
    """Play seeded deals one after another (deal ``k`` is ``game.deal(seed, k)``); yields DealResults.

    The dealer passes clockwise after every deal; with ``same_dealer_after_all_pass`` (Classic) he deals
    again after an all-pass or a caught misère, at most three deals in a row (§2).
    """
    n = len(ids)
    dealer, run, series = first_dealer, 1, 0
    for k in range(max_deals):
        levels = settings.all_pass_exit_levels
        exit_level = levels[min(series, len(levels)) - 1] if series else 6
        result = play_deal(game.deal(seed, k), agents, ids, dealer, settings, exit_level)
        yield result
        series = _next_series(series, result, settings)
        caught = result.kind == "misere" and result.won[result.declarer] > 0
        if settings.same_dealer_after_all_pass and (result.kind == "all_pass" or caught) and run < 3:
            run += 1
        else:
            dealer, run = (dealer + 1) % n, 1


def _next_series(series, result, settings):
    """The all-pass series index after ``result`` (§6.4: any game ends it, or only a whisted game)."""
    if result.kind == "all_pass":
        return series + 1
    if settings.all_pass_exit == "any_game":
        return 0
    whisted = result.kind == "misere" or (result.kind == "game" and bool(result.tricks))
    return 0 if whisted else series


def play_match(game, agent_names, seed, options):
    """Play one whole game with agents (``tricks play --game preferans --agents ...``); returns a MatchReport."""
    from trickcore.games.base import MatchReport
    from trickcore.games.preferans.agents import make_agents
    from trickcore.scoring.preferans import Ledger, parse_protocol, render_text

    settings, ids, target, first, cap = match_setup(options)
    agents = make_agents(agent_names, len(ids), seed)
    names = [type(a).__name__.replace("Agent", "").lower() for a in agents]
    protocol = {"format": PROTOCOL_FORMAT, "variant": settings.variant, "players": list(ids),
                "settings": {"pool_target": target}, "deals": []}
    lines = [f"Preferans {settings.variant}, {len(ids)} players, pool target {target}, seed {seed}; agents "
             + ", ".join(f"{p} {a}" for p, a in zip(ids, names)), ""]
    shown = []
    ledger = Ledger.for_protocol(parse_protocol(protocol))   # the running sheet, one deal at a time
    sheet = ledger.sheet()
    for k, result in enumerate(deal_sequence(game, agents, seed, settings, ids, first, cap), 1):
        protocol["deals"].append(result.record)
        ledger.add(result.record)
        sheet = ledger.sheet()
        lines += deal_text(k, result, ids) + [render_text(sheet), ""]
        shown.append(deal_data(result, ids))
        if sheet.finished:
            break
    else:
        lines.append(f"Stopped after {cap} deals (the deal cap): the game is settled as an early stop.")
    if options.get("protocol"):
        write_protocol(protocol, options["protocol"])
    data = {"game": "preferans", "variant": settings.variant, "players": list(ids), "agents": names,
            "seed": seed, "pool_target": target, "deals": shown, "protocol": protocol, "sheet": sheet.to_dict()}
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


def _hand_text(cards):
    parts = []
    for s in SUIT_ORDER:
        ranks = [c.rank.letter for c in sorted(cards, key=lambda c: -c.rank) if c.suit == s]
        parts.append(s.symbol + ("".join(ranks) or "-"))
    return " ".join(parts)


def _slot_names(result, ids):
    n = len(ids)
    names = {s: ids[(result.dealer + 1 + s) % n] for s in range(3)}
    names[TALON] = "talon"
    return names


def _winner(result, ids, who, winner):
    """Who took a trick; a talon card that wins (dealer_owns, 4 players) is the dealer's trick."""
    return f"{ids[result.dealer]} (talon)" if winner == TALON else who[winner]


def deal_text(k, result, ids):
    """The lines that show one deal: hands, talon, auction, discard, contract, defence, tricks."""
    who = _slot_names(result, ids)
    lines = [f"Deal {k}: dealer {ids[result.dealer]}"
             + (" (sits out)" if len(ids) == 4 else "")]
    for s in range(3):
        lines.append(f"  hand{s + 1} {who[s]}: {_hand_text(result.hands[s])}")
    lines.append(f"  talon: {_cards(result.talon)}")
    lines.append("  auction: " + ", ".join(f"{who[h]} {c}" for h, c in result.auction))
    if result.kind == "all_pass":
        lines.append("  all-pass (raspasy)")
    else:
        lines.append(f"  {who[result.declarer]} wins the auction with {result.bid}, takes the talon, discards "
                     f"{_cards(result.discard)}, plays {result.contract}")
    if result.defence:
        calls = ", ".join(f"{who[w] if w != 3 else ids[result.dealer] + ' (dealer)'} {c}"
                          for w, c in result.defence)
        lines.append(f"  defence: {calls}" + (" — open" if result.is_open else ""))
    if result.kind == "game" and not result.tricks:
        lines.append("  " + ("half-whist stands" if result.defence_kind == "half_whist" else "passed out")
                     + f": {result.contract} is not played")
    for i, t in enumerate(result.tricks, 1):
        plays = "  ".join(f"{who[w]} {format_card(c, 'symbol')}" for w, c in t.plays)
        lines.append(f"  {i:2d}. {plays}  -> {_winner(result, ids, who, t.winner)}")
    if result.tricks:
        lines.append("  tricks: " + ", ".join(f"{name} {n}" for name, n in result.record["tricks"].items()))
    return lines


def deal_data(result, ids):
    """One deal as JSON-ready data: the protocol record plus the cards, auction, discard, calls and tricks."""
    who = _slot_names(result, ids)
    return {"record": result.record,
            "hands": {who[s]: _hand_text(result.hands[s]) for s in range(3)},
            "talon": [card_code(c) for c in result.talon],
            "auction": [[who[h], c] for h, c in result.auction],
            "discard": [card_code(c) for c in result.discard],
            "defence": [[who[w], c] for w, c in result.defence],
            "tricks": [{"plays": [[who[w], card_code(c)] for w, c in t.plays], "winner": _winner(result, ids, who, t.winner)}
                       for t in result.tricks]}
