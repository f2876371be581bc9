"""Thalara: The Last Artifacts: a duel of hidden hands, conflicts and spells."""
