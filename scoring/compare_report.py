"""A comparison of scoring systems as one self-contained HTML page: the tables of scoring/compare.py and, with
matplotlib installed (the ``trickcore[plot]`` extra), plots embedded as SVG."""
import html
import io

PLOTS_OFF = "Plots are off: matplotlib is not installed (pip install 'trickcore[plot]')."


def _matplotlib():
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    return plt


def _svg(plt, figure, number):
    """Plot ``number`` of the page as SVG, the same each time: matplotlib stamps an SVG with the time it is drawn and
    salts its hashed ids (markers, clip paths) with a random uuid; here without the date, and salted with the plot's
    number, so that the ids stay apart between the page's plots."""
    out = io.StringIO()
    with plt.rc_context({"svg.hashsalt": f"trickcore-plot-{number}"}):
        figure.savefig(out, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(figure)
    text = out.getvalue()
    return text[text.index("<svg"):]


def _plots(plt, data):
    """Box plots of the participants' match results per system, and the situations' means per system."""
    figures = []
    systems, participants = data["systems"], data["participants"]
    figure, axes = plt.subplots(1, len(participants), figsize=(3.2 * len(participants), 3.2), squeeze=False)
    for axis, participant in zip(axes[0], participants):
        values = [[match[label].get(participant, 0) for match in data["matches_detail"]] for label in systems]
        axis.boxplot(values)
        axis.set_xticks(range(1, len(systems) + 1), systems, rotation=30, ha="right", fontsize=8)
        axis.set_title(str(participant), fontsize=10)
        axis.axhline(0, color="grey", linewidth=0.5)
    figure.suptitle("Result per match", fontsize=11)
    figures.append(("Result per match, by system", _svg(plt, figure, len(figures))))
    if data["situations"]:
        situations = data["situations"]
        figure, axis = plt.subplots(figsize=(max(4.0, 0.9 * len(situations)), 3.2))
        width = 0.8 / len(systems)
        for k, label in enumerate(systems):
            axis.bar([i + k * width for i in range(len(situations))], [row["means"][label] for row in situations],
                     width, label=label)
        axis.set_xticks([i + 0.4 - width / 2 for i in range(len(situations))],
                        [row["situation"] for row in situations], rotation=30, ha="right", fontsize=8)
        axis.axhline(0, color="grey", linewidth=0.5)
        axis.legend(fontsize=8)
        axis.set_title("Mean per deal for the side or player concerned", fontsize=10)
        figures.append(("Where the systems differ most", _svg(plt, figure, len(figures))))
    return figures


def _table(head, rows):
    cells = "".join(f"<th>{html.escape(str(h))}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def comparison_html(data, plots=True):
    """The page: summary, standings, ranking differences, correlations, situations and (when possible) plots."""
    plt = _matplotlib() if plots else None
    parts = [f"<h1>Scoring systems compared</h1><p>{data['records']} records from "
             f"{html.escape(str(data['source']))}, {data['matches']} match(es) of {data['per']} records each; "
             f"systems: {html.escape(', '.join(data['systems']))}.</p>"]
    rows = []
    for label in data["systems"]:
        for p in data["participants"]:
            row = data["standings"][label][p]
            rows.append([label, p, f"{row['mean']:+.3f}", f"{row['sd']:.3f}",
                         f"{row['ci95'][0]:+.3f} to {row['ci95'][1]:+.3f}"])
    parts.append("<h2>Mean result per match</h2>" + _table(["system", "participant", "mean", "sd", "95% CI"], rows))
    parts.append("<h2>Matches ranked differently</h2>" + _table(
        ["systems", "matches", "ranked differently", "share"],
        [[" vs ".join(r["systems"]), r["matches"], r["differ"], f"{r['share']:.1%}"] for r in data["rankings_differ"]]))
    parts.append("<h2>Correlation of the results</h2>" + _table(
        ["systems", "n", "correlation"],
        [[" vs ".join(r["systems"]), r["n"], "n/a" if r["correlation"] is None else f"{r['correlation']:.3f}"]
         for r in data["correlation"]]))
    if data["situations"]:
        parts.append("<h2>Where the systems differ most</h2>" + _table(
            ["situation", "deals", *data["systems"], "spread"],
            [[r["situation"], r["deals"], *(f"{r['means'][s]:+.2f}" for s in data["systems"]), f"{r['spread']:.2f}"]
             for r in data["situations"]]))
    if plt is None:
        parts.append(f'<p class="note">{PLOTS_OFF if plots else "Plots are off (asked for)."}</p>')
    else:
        for title, svg in _plots(plt, data):
            parts.append(f"<h2>{html.escape(title)}</h2><figure>{svg}</figure>")
    style = ("body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em}"
             "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.2em .6em;"
             "text-align:right}th{background:#eee}.note{color:#a33}figure{margin:0}svg{max-width:100%;height:auto}")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Scoring systems compared"
            f"</title><style>{style}</style></head><body>\n" + "\n".join(parts) + "\n</body></html>\n")
