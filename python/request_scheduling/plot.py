"""gnuplot figures from sweep results."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Optional, Sequence


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def line_plot(
    df,
    x: str,
    y: str,
    by: str,
    path: Path | str,
    *,
    title: str = "",
    xlabel: Optional[str] = None,
    ylabel: Optional[str] = None,
    ci: Optional[str] = None,
    logy: bool = False,
    extra_series: Sequence[tuple[str, Sequence[float], Sequence[float]]] = (),
) -> Path:
    """Plot ``y`` against ``x``, one line per value of ``by``, to a PNG.

    ``ci`` names a column of confidence half-widths drawn as error bars.
    ``extra_series`` adds (label, xs, ys) lines, e.g. a theory curve. Writes
    ``<path>.dat``-style data next to the PNG and the gnuplot script
    (``.plt``, which names both by their file names: gnuplot runs in their
    folder, wherever the results are moved), then runs gnuplot. Returns the
    PNG path.
    """
    png = Path(path).with_suffix(".png").resolve()
    png.parent.mkdir(parents=True, exist_ok=True)
    data = png.with_suffix(".dat")
    series = []
    with data.open("w") as f:
        index = 0
        for name, group in df.sort_values(x).groupby(by, sort=True):
            f.write(f"# {by}={name}\n")
            for _, row in group.iterrows():
                err = row[ci] if ci else 0.0
                f.write(f"{row[x]} {row[y]} {err}\n")
            f.write("\n\n")
            series.append((f"{by}={name}", index, bool(ci)))
            index += 1
        for label, xs, ys in extra_series:
            f.write(f"# {label}\n")
            for a, b in zip(xs, ys):
                f.write(f"{a} {b} 0\n")
            f.write("\n\n")
            series.append((label, index, False))
            index += 1
    plots = []
    for label, idx, with_err in series:
        style = "with yerrorlines" if with_err else "with lines dashtype 2 linewidth 2"
        plots.append(f"{_quote(data.name)} index {idx} using 1:2{':3' if with_err else ''} {style} title {_quote(label)}")
    script = png.with_suffix(".plt")
    script.write_text(
        "\n".join(
            [
                "set terminal pngcairo size 900,560 enhanced",
                f"set output {_quote(png.name)}",
                f"set title {_quote(title)}",
                f"set xlabel {_quote(xlabel or x)}",
                f"set ylabel {_quote(ylabel or y)}",
                "set grid",
                "set key top left",
                "set logscale y" if logy else "",
                "plot " + ", \\\n     ".join(plots),
                "",
            ]
        )
    )
    render(script)
    return png


def render(script: Path | str) -> None:
    """Run gnuplot on a script (e.g. one written by ns-3's Gnuplot class)."""
    gnuplot = shutil.which("gnuplot")
    if gnuplot is None:
        raise RuntimeError("gnuplot is not installed (Debian: apt-get install gnuplot-nox)")
    script = Path(script).resolve()
    subprocess.run([gnuplot, script.name], check=True, cwd=script.parent)
