// Every test file starts with its own scratch DATA_DIR, so nothing a test writes (the mail
// outbox, uploads) lands in the developer's ./data. Files that need a particular one set it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'clarear-test-'));
