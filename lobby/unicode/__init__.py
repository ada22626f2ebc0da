"""Unicode data files the name rules read; not code: Microsoft's list of
sequences not to use (IndicShapingInvalidCluster.txt, from HarfBuzz, MIT:
lobby.text) and the Unihan database's variant fields (Unihan_*.txt, from
unicode-org/unihan-database, Unicode License v3: lobby.name_keys)."""
