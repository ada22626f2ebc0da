"""Unicode data files the name rules read (lobby.text); not code."""
