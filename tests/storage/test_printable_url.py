"""The database address as printed in the start-up banner (and so in systemd's journal)."""

from __future__ import annotations

import pytest

from anaconda_poker.storage.database import printable_url


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        (
            "postgresql://poker:s3cret@db.example.org/poker",
            "postgresql://poker:***@db.example.org/poker",
        ),
        (
            "postgres://poker:p%40ss@127.0.0.1:5432/poker",
            "postgres://poker:***@127.0.0.1:5432/poker",
        ),
        ("postgresql+psycopg://a:b@h/d", "postgresql+psycopg://a:***@h/d"),
    ],
)
def test_a_password_never_reaches_the_banner(url: str, shown: str) -> None:
    printed = printable_url(url)
    assert printed == shown
    assert "s3cret" not in printed and "p%40ss" not in printed


@pytest.mark.parametrize(
    "url",
    ["sqlite:///data/anaconda-poker.sqlite3", "postgresql://poker@/poker?host=/run/postgresql"],
)
def test_an_address_without_a_password_is_printed_as_given(url: str) -> None:
    assert printable_url(url) == url


def test_an_unparsable_address_shows_only_its_scheme() -> None:
    assert printable_url("postgresql://poker:s3cret@[::1") == "postgresql://(unparsable address)"


def test_a_bad_port_is_not_echoed_with_its_password() -> None:
    assert "s3cret" not in printable_url("postgresql://a:s3cret@h:notaport/d")
