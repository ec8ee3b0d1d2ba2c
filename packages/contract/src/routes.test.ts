/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { loginBodySchema } from './auth/auth.schemas.ts';
import { routeGroups } from './route-groups.ts';
import {
  routeTable,
  socialCallbackPath,
  socialStartPath,
  type authCalls,
  type EntryBody,
  type EntryQuery,
  type EntryValue,
  type systemCalls,
  type walletCalls,
} from './routes.ts';
import type { helpCenterQuerySchema, SystemStatusValue } from './system/system.schemas.ts';
import type { BalanceValue } from './wallet/wallet.schemas.ts';

const WIRE_FIELDS = ['id', 'method', 'path', 'auth', 'enc', 'form', 'redirect'] as const;
const wire = (route: object) =>
  Object.fromEntries(WIRE_FIELDS.filter((f) => f in route).map((f) => [f, route[f as keyof typeof route]]));

describe('the light route table', () => {
  it('holds every call of the zod definitions, with the same wire facts', () => {
    expect(Object.keys(routeTable).sort()).toEqual(Object.keys(routeGroups).sort());
    for (const [group, calls] of Object.entries(routeTable)) {
      const defs = routeGroups[group as keyof typeof routeGroups];
      expect(Object.keys(calls).sort(), group).toEqual(Object.keys(defs).sort());
      for (const [name, entry] of Object.entries(calls)) {
        const def = defs[name as keyof typeof defs];
        expect(wire(def), `${group}.${name}`).toEqual(wire(entry));
      }
    }
  });

  it('gives each call a unique id and a unique method and path', () => {
    const all = Object.values(routeTable).flatMap((calls) => Object.values(calls));
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(new Set(all.map((e) => `${e.method} ${e.path}`)).size).toBe(all.length);
  });

  it('fills path parameters, encoded', () => {
    expect(socialStartPath('google')).toBe('/wps/session/social/google/start');
    expect(socialCallbackPath('a b')).toBe('/wps/session/social/a%20b/callback');
  });

  it('types each entry from its zod definition', () => {
    expectTypeOf<EntryValue<typeof systemCalls.status>>().toEqualTypeOf<SystemStatusValue>();
    expectTypeOf<EntryValue<typeof walletCalls.balance>>().toEqualTypeOf<BalanceValue>();
    expectTypeOf<EntryQuery<typeof systemCalls.helpCenter>>().toEqualTypeOf<
      z.input<typeof helpCenterQuerySchema>
    >();
    expectTypeOf<EntryQuery<typeof systemCalls.status>>().toEqualTypeOf<undefined>();
    expectTypeOf<EntryBody<typeof authCalls.login>>().toEqualTypeOf<z.input<typeof loginBodySchema>>();
    expectTypeOf<EntryBody<typeof authCalls.logout>>().toEqualTypeOf<undefined>();
  });
});

/**
 * The files a module loads at run time, as a bundler sees them: TypeScript drops type-only imports
 * (`import type`, `export type`, imports used only as types), and what remains is what ships.
 */
const runtimeImports = (file: string): string[] => {
  const js = ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    fileName: file,
  }).outputText;
  return [
    ...js.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm),
  ].map((m) => (m[1] ?? m[2])!);
};

describe('@banca/contract/routes', () => {
  it('loads no zod and no schema at run time, however deep', () => {
    const src = dirname(fileURLToPath(import.meta.url));
    const pkg = JSON.parse(readFileSync(join(src, '../package.json'), 'utf8')) as {
      exports: Record<string, string>;
    };
    const entry = resolve(src, '..', pkg.exports['./routes']!);
    const seen = new Set<string>();
    const bare: string[] = [];
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of runtimeImports(file)) {
        if (spec.startsWith('.')) visit(resolve(dirname(file), spec));
        else bare.push(spec);
      }
    };
    visit(entry);
    const files = [...seen].map((f) => relative(src, f)).sort();
    expect(bare).toEqual([]);
    // constants.ts imports nothing: plain values the calls' requests are built from; so does the
    // back office's role matrix (operator-permissions.ts), which its app shows before any schema loads.
    expect(
      files.filter(
        (f) => !/(^|\/)(routes|route-entry|constants|operator-permissions|[\w-]+\.calls)\.ts$/.test(f),
      ),
    ).toEqual([]);
    expect(files).toContain('system/system.calls.ts');
  });
});
