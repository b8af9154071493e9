"""``python -m anaconda_poker.cli`` runs the ``anaconda-poker`` command."""

from anaconda_poker.cli.main import main

main()
