// Integration tests wait on real brokers and databases; the default 5 s is for unit tests.
jest.setTimeout(120_000);
