"""What ``tricks games``, ``tricks deal`` and ``tricks play`` print for any game: the catalogue of installed games,
deal listings, one deal of random play and a batch summary, each as text or JSON (the CLI only chooses)."""
from trickcore.cards import format_card
from trickcore.games import registry
from trickcore.games.base import MatchReport


def catalogue():
    """Every installed game with its seats, cards, variants, auctions and scoring systems (and the overlays its
    systems score, where there are any): a MatchReport."""
    rows = []
    for name in registry.game_names():
        game = registry.get_game(name)
        scorings = registry.scorings_for(name)
        rows.append({"name": name, "title": game.title, "seats": len(game.seats), "cards": len(game.deck),
                     "variants": list(game.variants), "auctions": list(game.auctions), "scorings": scorings})
        overlays = dict.fromkeys(overlay for scoring in scorings
                                 for overlay in getattr(registry.get_scoring(scoring), "overlays", ()))
        if overlays:
            rows[-1]["overlays"] = list(overlays)
    lines = []
    for row in rows:
        lines.append(f"{row['name']}: {row['title']} ({row['seats']} seats, {row['cards']} cards)")
        for key in ("variants", "auctions", "scorings", "overlays"):
            if key in row:
                lines.append(f"  {key}: {', '.join(row[key]) or '-'}")
    return MatchReport("\n".join(lines) + "\n", rows)


def deal_listing(game, batch, seed, dealer):
    """The deals of ``batch`` (dealt by seat index ``dealer`` from ``seed``) as diagrams and JSON rows."""
    trumps = game.natural_trumps(batch)
    rows = []
    for i, deal in enumerate(batch):
        row = {"index": batch.number(i), "seed": seed, "dealer": game.seats[dealer], **game.formats.deal_dict(deal)}
        if trumps is not None:
            row["turn_up"] = str(batch.last_card(i))
        rows.append(row)
    blocks = []
    for i, deal in enumerate(batch):
        head = f"Deal {i + 1} (seed {seed}" + (f", number {batch.number(i)}" if batch.numbers is not None else "")
        head += f"), dealer {game.seats[dealer]}"
        if trumps is not None:
            head += f", turn-up {format_card(batch.last_card(i), 'symbol')}"
        blocks.append(head + "\n" + game.formats.diagram(deal) + "\n")
    return MatchReport("\n".join(blocks), rows)


def random_play(game, deal, record, seed, dealer, trump, leader):
    """One deal of random play (a trickcore PlayRecord) trick by trick: a MatchReport (text and JSON)."""
    seats = game.seats
    data = {"game": game.name, "seed": seed, "dealer": seats[dealer], **game.formats.deal_dict(deal),
            "trump": "NT" if trump is None else trump.name, "leader": seats[leader],
            "tricks": [{"leader": seats[t.leader], "cards": [str(c) for c in t.cards],
                        "winner": seats[t.winner]} for t in record.tricks],
            "tricks_won": dict(zip(seats, record.tricks_won))}
    label = "no trump" if trump is None else trump.symbol
    lines = [f"{game.title}, seed {seed}, dealer {seats[dealer]}, trump {label}, {seats[leader]} leads",
             game.formats.diagram(deal), ""]
    for k, t in enumerate(record.tricks, 1):
        cards = "  ".join(f"{seats[t.seat_of(i, game.n_seats)]}:{format_card(c, 'symbol')}"
                          for i, c in enumerate(t.cards))
        lines.append(f"{k:2d}. {cards}   won by {seats[t.winner]}")
    lines.append("tricks: " + "  ".join(f"{s} {n}" for s, n in zip(seats, record.tricks_won)))
    return MatchReport("\n".join(lines) + "\n", data)


def batch_summary(game, seed, trump, count, results, seconds):
    """The mean tricks per seat of ``count`` kernel playouts (a PlayoutBatch) and their rate: a MatchReport."""
    mean = dict(zip(game.seats, (round(m, 4) for m in results.mean())))
    rate = count / seconds if seconds > 0 else 0.0
    data = {"game": game.name, "seed": seed, "trump": trump.upper() if trump else None, "deals": count,
            "mean_tricks": mean, "seconds": round(seconds, 6), "deals_per_second": round(rate)}
    text = (f"{game.title}: {count} deals, seed {seed}, trump {trump.upper() if trump else 'natural/NT'}\n"
            "mean tricks: " + "  ".join(f"{s} {m:.3f}" for s, m in mean.items()) + "\n"
            f"{seconds:.3f} s, {rate:,.0f} deals per second\n")
    return MatchReport(text, data)
