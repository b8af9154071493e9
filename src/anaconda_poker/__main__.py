"""``python -m anaconda_poker`` runs the ``anaconda-poker`` command."""

from anaconda_poker.cli.main import main

main()
