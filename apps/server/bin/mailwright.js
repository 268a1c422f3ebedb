#!/usr/bin/env node
// Runs the built server when it is up to date, else the TypeScript sources (server-entry.js).
import { serverEntry } from './server-entry.js';

await import(serverEntry());
