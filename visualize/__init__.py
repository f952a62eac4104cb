"""Pictures of epistemic models: who knows what, why an agent acts, and the
prediction DAG behind it, as DOT source and as SVG, PNG or PDF images; and
plots of the games (crossout boards, outcome scatters, hold maps and
surfaces, line charts).

Every Graphviz drawing function returns a :class:`Picture`, every plot a
:class:`Plot`; ``render(path)`` writes either in the format its suffix
names, and notebooks show them inline.
"""

from typing import TYPE_CHECKING

from epistemic._lazy import lazy_names

if TYPE_CHECKING:
    from .board import MAX_BOARD_MORSELS, crossout_board
    from .dag import MAX_NODES, Summary, dag_picture, summarize
    from .holdmap import MAX_HOLD_MAP, hold_map
    from .holdsurface import MESH_SIDE, hold_surface
    from .errors import PictureError, RendererMissing
    from .knowledge import knowledge_table
    from .kripke import kripke_picture, world_positions
    from .layout import cube_positions
    from .limits import MAX_WORLDS
    from .lines import MAX_LINE_POINTS, MAX_SERIES, line_chart
    from .picture import Picture, check_destinations, write_image, write_images
    from .plot import PLOT_FORMATS, Plot
    from .reasons import LABEL_STYLES, MAX_BOXES, MAX_REASONS, reason_picture
    from .rounds import numbered_paths, round_files, round_pictures, rounds_tikz
    from .render import FORMATS, RENDERERS, available_renderers, format_of, render_bytes
    from .scatter import MAX_OUTCOME_POINTS, outcome_scatter
    from .style import FALSE_FILL, FILLS, REMOVED, TRUE_FILL, VERDICTS, Palette, Swatch, agent_line, agent_names
    from .tikz import kripke_tikz

# each name is imported from its module when first asked for: a command that draws nothing loads no Graphviz
__getattr__, __dir__ = lazy_names(globals(), {
    "board": ["MAX_BOARD_MORSELS", "crossout_board"],
    "dag": ["MAX_NODES", "Summary", "dag_picture", "summarize"],
    "holdmap": ["MAX_HOLD_MAP", "hold_map"],
    "holdsurface": ["MESH_SIDE", "hold_surface"],
    "errors": ["PictureError", "RendererMissing"],
    "knowledge": ["knowledge_table"],
    "kripke": ["kripke_picture", "world_positions"],
    "layout": ["cube_positions"],
    "limits": ["MAX_WORLDS"],
    "lines": ["MAX_LINE_POINTS", "MAX_SERIES", "line_chart"],
    "picture": ["Picture", "check_destinations", "write_image", "write_images"],
    "plot": ["PLOT_FORMATS", "Plot"],
    "reasons": ["LABEL_STYLES", "MAX_BOXES", "MAX_REASONS", "reason_picture"],
    "rounds": ["numbered_paths", "round_files", "round_pictures", "rounds_tikz"],
    "render": ["FORMATS", "RENDERERS", "available_renderers", "format_of", "render_bytes"],
    "scatter": ["MAX_OUTCOME_POINTS", "outcome_scatter"],
    "style": ["FALSE_FILL", "FILLS", "REMOVED", "TRUE_FILL", "VERDICTS", "Palette", "Swatch", "agent_line",
              "agent_names"],
    "tikz": ["kripke_tikz"],
})

__all__ = [
    "Picture",
    "PictureError",
    "RendererMissing",
    "Palette",
    "Swatch",
    "FILLS",
    "kripke_picture",
    "kripke_tikz",
    "cube_positions",
    "world_positions",
    "round_pictures",
    "rounds_tikz",
    "round_files",
    "numbered_paths",
    "TRUE_FILL",
    "FALSE_FILL",
    "REMOVED",
    "VERDICTS",
    "agent_line",
    "knowledge_table",
    "reason_picture",
    "dag_picture",
    "summarize",
    "Plot",
    "crossout_board",
    "outcome_scatter",
    "hold_map",
    "MAX_HOLD_MAP",
    "hold_surface",
    "MESH_SIDE",
    "line_chart",
    "MAX_SERIES",
    "MAX_LINE_POINTS",
    "Summary",
    "agent_names",
    "available_renderers",
    "render_bytes",
    "format_of",
    "check_destinations",
    "write_image",
    "write_images",
    "FORMATS",
    "RENDERERS",
    "MAX_NODES",
    "MAX_REASONS",
    "MAX_BOXES",
    "LABEL_STYLES",
    "MAX_WORLDS",
    "MAX_BOARD_MORSELS",
    "MAX_OUTCOME_POINTS",
    "PLOT_FORMATS",
]
