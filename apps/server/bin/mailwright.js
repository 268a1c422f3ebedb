#!/usr/bin/env node
// Runs the TypeScript entry directly: Node 22.12+ strips types natively (the repo pins Node 24).
import '../src/main.ts';
