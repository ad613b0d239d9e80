"""The security suite (issue #13): a package, so that its conftest and modules do not shadow the
browser tests' (`from conftest import unique` there)."""
