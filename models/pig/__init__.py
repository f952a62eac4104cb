"""Piglet and Pig, the jeopardy coin and dice games (Neller and Presser; Bonnet, Neller and Viennot)."""
