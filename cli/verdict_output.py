"""What ``epistemic check`` makes of a verdict, for a model file and an SMCDEL file alike:
the model an explanation walks, the pictures, and files written in SMCDEL's language."""

from __future__ import annotations

from epistemic import KripkeModel, to_text
from epistemic import engines
from epistemic.checking import truth_array
from epistemic.symbolic import KnowledgeStructure, from_kripke
from epistemic.symbolic.convert import STATES
from epistemic.verdicts import verdict_of
from epistemic.visualize import VERDICTS, kripke_picture, kripke_tikz, reason_picture

__all__ = ["explained", "model_drawing", "reason_drawing", "as_structure"]


def explained(model, world):
    """The model an explanation walks, and the world in it: a structure of
    at most :data:`~epistemic.symbolic.convert.STATES` states is listed
    first, so that both engines give the same reasons; a larger one is
    explained on its diagrams."""
    if engines.engine_of(model) == "explicit" or engines.size(model) > STATES:
        return model, world
    listed = engines.convert(model, "explicit")
    return listed, engines.world_named(listed, engines.name_of(model, world))


def model_drawing(model, formula, image_format: str, renderer: str, dpi: int | None) -> bytes:
    """The model with the worlds where ``formula`` holds shaded, rendered (or as TikZ)."""
    explicit = engines.convert(model, "explicit")
    assert isinstance(explicit, KripkeModel)  # what convert makes for "explicit"
    truth = truth_array(explicit, formula)
    holds = [w for w, yes in zip(explicit.worlds, truth) if yes]
    claim, title = to_text(formula), f"Where {to_text(formula)} holds"
    if image_format == "tex":
        return kripke_tikz(explicit, holds=holds, claim=claim, title=title, renderer=renderer).encode("utf-8")
    return kripke_picture(explicit, holds=holds, claim=claim, title=title).pipe(image_format, renderer, dpi)


def reason_drawing(why, title: str, image_format: str, renderer: str, dpi: int | None, label_style: str) -> bytes:
    """The explanation drawn, each claim filled by its verdict."""
    # the fill says each claim's verdict; an arrow between verdicts is no change of knowledge
    picture = reason_picture(why, group=verdict_of, palette=VERDICTS, legend_title="Verdict", crossing_note=None,
                             label_style=label_style, title=title)
    return picture.pipe(image_format, renderer, dpi)


def as_structure(model) -> KnowledgeStructure:
    """``model`` as a knowledge structure (a Kripke model described, one state a world)."""
    return model if isinstance(model, KnowledgeStructure) else from_kripke(model)
