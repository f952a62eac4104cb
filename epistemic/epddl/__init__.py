"""EPDDL, the language of epistemic planning tasks: writing tasks out (:mod:`epistemic.epddl.writer`)."""
