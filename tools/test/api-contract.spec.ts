/* eslint-disable @typescript-eslint/no-explicit-any -- the fixtures are edited as plain JSON */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { breakingChanges, formatChange, type OpenApiDocument } from '../api-contract/compare';
import { checkContract, checkRelease } from '../api-contract/contract';

const { writeOpenApiDocument } = require('../openapi-document') as {
  writeOpenApiDocument(): { document: string };
};

const root = path.resolve(__dirname, '../..');

const json = (schema: unknown) => ({ 'application/json': { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A small document shaped as Nest writes them: components, `allOf` wrappers, security. */
function fixture() {
  return {
    openapi: '3.0.0',
    info: {
      title: 'Fixture',
      version: '1.0.0',
      description: 'Things',
      'x-changelog': [{ version: '1.0.0', date: '2026-12-01', changes: ['First'] }],
    },
    paths: {
      '/api/things': {
        get: {
          parameters: [
            { name: 'limit', in: 'query', required: false, schema: { type: 'integer' } },
            { name: 'kind', in: 'query', required: false, schema: ref('Kind') },
          ],
          responses: {
            200: { description: '', content: json({ type: 'array', items: ref('Thing') }) },
          },
        },
        post: {
          security: [{ bearer: [] }],
          requestBody: { required: true, content: json(ref('ThingForm')) },
          responses: {
            201: { description: '', content: json(ref('Thing')) },
            400: { description: 'Bad fields' },
          },
        },
      },
      '/api/things/{id}': {
        get: {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { 200: { description: '', content: json(ref('Thing')) } },
        },
        delete: {
          security: [{ bearer: [] }],
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { 204: { description: '' } },
        },
      },
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Kind: { type: 'string', enum: ['plain', 'striped'] },
        Maker: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string' }, city: { type: 'string' } },
        },
        Thing: {
          type: 'object',
          required: ['id', 'name', 'kind', 'price'],
          properties: {
            id: { type: 'string' },
            name: { type: 'string', example: 'Indigo' },
            kind: ref('Kind'),
            price: { type: 'number' },
            note: { type: 'string', nullable: true },
            maker: { allOf: [ref('Maker')], nullable: true, description: 'Who made it' },
          },
        },
        ThingForm: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string', maxLength: 80 },
            kind: ref('Kind'),
            price: { type: 'number' },
          },
        },
      },
    },
  };
}

type Fixture = ReturnType<typeof fixture>;

/** The fixture changed by `change`, under `version` with a changelog entry for it. */
function next(version: string, change: (document: Fixture) => void = () => undefined) {
  const document = fixture();
  change(document);
  document.info.version = version;
  document.info['x-changelog'].unshift({ version, date: '2026-12-02', changes: ['Changed'] });
  return document as OpenApiDocument;
}

const schemas = (document: Fixture) => document.components.schemas as Record<string, any>;

/** The breaking changes of `change`, as `api:contract` prints them. */
function breaks(change: (document: Fixture) => void): string[] {
  return breakingChanges(fixture(), next('1.1.0', change)).map(formatChange);
}

describe('the API contract check', () => {
  it('fails on a response field removed, printing the method, path, place and change', () => {
    const verdict = checkContract(
      fixture(),
      next('1.1.0', (document) => delete schemas(document).Thing.properties.price),
    );
    expect(verdict.ok).toBe(false);
    expect(verdict.lines.join('\n')).toContain(
      'GET /api/things  response 200 (application/json) [].price: removed',
    );
    expect(verdict.lines).toContain(
      '  GET /api/things/{id}  response 200 (application/json) .price: removed',
    );
    expect(verdict.lines.at(-1)).toContain('raise API_VERSION to 2.0.0');
  });

  it('passes an optional request field added under a new minor version', () => {
    const verdict = checkContract(
      fixture(),
      next('1.1.0', (document) => {
        schemas(document).ThingForm.properties.colour = { type: 'string' };
      }),
    );
    expect(verdict).toEqual({
      ok: true,
      lines: ['The API contract 1.1.0 keeps the promises of 1.0.0.'],
    });
  });

  it('passes added routes, response fields, descriptions and x- extensions', () => {
    expect(
      breaks((document) => {
        (document.paths as Record<string, unknown>)['/api/makers'] = {
          get: { responses: { 200: { description: '' } } },
        };
        schemas(document).Thing.properties.colour = { type: 'string' };
        schemas(document).Thing.required.push('colour');
        schemas(document).Thing.properties.name.description = 'Its name';
        schemas(document).Thing.properties.name.example = 'Madder';
        (document.paths['/api/things'].get as Record<string, unknown>)['x-cache'] = 'public';
        document.info.description = 'Things, and more';
      }),
    ).toEqual([]);
  });

  it('compares what $refs name, not their names', () => {
    expect(
      breaks((document) => {
        const all = schemas(document);
        all.ThingAnswer = all.Thing;
        delete all.Thing;
        document.paths['/api/things/{id}'].get.responses[200].content = json(ref('ThingAnswer'));
        document.paths['/api/things'].get.responses[200].content = json({
          type: 'array',
          items: ref('ThingAnswer'),
        });
        document.paths['/api/things'].post.responses[201].content = json(ref('ThingAnswer'));
      }),
    ).toEqual([]);
    // …and sees a change made inside a component reached through allOf.
    expect(breaks((document) => delete schemas(document).Maker.properties.city)).toContain(
      'GET /api/things  response 200 (application/json) [].maker.city: removed',
    );
  });

  it('ends on a schema that contains itself, and finds a change inside it', () => {
    const recursive = (document: Fixture) => {
      schemas(document).Maker.properties.mentor = { allOf: [ref('Maker')], nullable: true };
    };
    const before = fixture();
    recursive(before);
    const after = next('1.1.0', (document) => {
      recursive(document);
      schemas(document).Maker.properties.city.type = 'integer';
    });
    expect(breakingChanges(before, after).map(formatChange)).toContain(
      'GET /api/things/{id}  response 200 (application/json) .maker.city: type changed from string to integer',
    );
  });

  it('finds a route or a method removed', () => {
    expect(breaks((document) => delete (document.paths as any)['/api/things/{id}'])).toEqual([
      'GET /api/things/{id}: path removed',
      'DELETE /api/things/{id}: path removed',
    ]);
    expect(breaks((document) => delete (document.paths as any)['/api/things'].post)).toEqual([
      'POST /api/things: method removed',
    ]);
  });

  it('finds a request type narrowed, and lets one widen', () => {
    expect(
      breaks((document) => (schemas(document).ThingForm.properties.price.type = 'integer')),
    ).toEqual([
      'POST /api/things  request body (application/json) .price: type changed from number to integer',
    ]);
    expect(
      breaks((document) => (schemas(document).ThingForm.properties.name.maxLength = 40)),
    ).toEqual([
      'POST /api/things  request body (application/json) .name: maxLength changed from 80 to 40',
    ]);
    expect(
      breaks((document) => {
        (document.paths['/api/things'].get.parameters[0].schema as any).type = 'number';
        schemas(document).ThingForm.properties.name.maxLength = 120;
      }),
    ).toEqual([]);
  });

  it('finds a response field made optional, nullable or of another type', () => {
    expect(
      breaks((document) => {
        const thing = schemas(document).Thing;
        thing.required = thing.required.filter((name: string) => name !== 'name');
        thing.properties.id.nullable = true;
        thing.properties.price.type = 'string';
      }),
    ).toEqual(
      expect.arrayContaining([
        'GET /api/things/{id}  response 200 (application/json) .id: may now be null',
        'GET /api/things/{id}  response 200 (application/json) .name: became optional',
        'GET /api/things/{id}  response 200 (application/json) .price: type changed from number to string',
      ]),
    );
    // A reader of numbers reads integers.
    expect(
      breaks((document) => (schemas(document).Thing.properties.price.type = 'integer')),
    ).toEqual([]);
  });

  it('finds a request field added as required or made required', () => {
    expect(
      breaks((document) => {
        schemas(document).ThingForm.properties.colour = { type: 'string' };
        schemas(document).ThingForm.required.push('colour', 'price');
      }),
    ).toEqual([
      'POST /api/things  request body (application/json) .price: became required',
      'POST /api/things  request body (application/json) .colour: added as required',
    ]);
  });

  it('finds an enum value removed that a client may send, and one added that it may read', () => {
    expect(breaks((document) => (schemas(document).Kind.enum = ['plain']))).toEqual(
      expect.arrayContaining([
        'GET /api/things  parameter query kind: enum value "striped" removed',
        'POST /api/things  request body (application/json) .kind: enum value "striped" removed',
      ]),
    );
    expect(breaks((document) => schemas(document).Kind.enum.push('checked'))).toContain(
      'GET /api/things  response 200 (application/json) [].kind: enum value "checked" added, which a reader may not know',
    );
  });

  it('finds a parameter removed or made required, and a required one added', () => {
    expect(
      breaks((document) => {
        const parameters = document.paths['/api/things'].get.parameters;
        parameters[0].required = true;
        parameters.splice(1, 1);
        parameters.push({ name: 'page', in: 'query', required: true, schema: { type: 'integer' } });
      }),
    ).toEqual([
      'GET /api/things  parameter query limit: became required',
      'GET /api/things  parameter query kind: removed',
      'GET /api/things  parameter query page: added as required',
    ]);
  });

  it('finds a success status removed, but not an error status', () => {
    expect(
      breaks((document) => {
        const responses = document.paths['/api/things'].post.responses as Record<string, unknown>;
        responses[200] = responses[201];
        delete responses[201];
        delete responses[400];
      }),
    ).toEqual(['POST /api/things  response 201: success status removed']);
  });

  it('finds an open route that now needs a token', () => {
    expect(
      breaks((document) => {
        (document.paths['/api/things'].get as Record<string, unknown>).security = [{ bearer: [] }];
      }),
    ).toEqual(['GET /api/things  security: an open route now requires bearer']);
  });

  it('finds a route that stops taking the credentials it took', () => {
    expect(
      breaks((document) => {
        (document.paths['/api/things'].post as Record<string, unknown>).security = [{ apiKey: [] }];
        (document.paths['/api/things/{id}'].delete as Record<string, unknown>).security = [
          { bearer: [] },
          { apiKey: [] },
        ];
      }),
    ).toEqual(['POST /api/things  security: no longer accepts bearer']);
  });

  it('matches paths by template: a path parameter renamed is the same URL', () => {
    const renamed = (type: string) => (document: Fixture) => {
      const paths = document.paths as Record<string, any>;
      const item = paths['/api/things/{id}'];
      delete paths['/api/things/{id}'];
      for (const operation of [item.get, item.delete]) {
        operation.parameters = [{ name: 'thingId', in: 'path', required: true, schema: { type } }];
      }
      paths['/api/things/{thingId}'] = item;
    };
    expect(breaks(renamed('string'))).toEqual([]);
    expect(breaks(renamed('integer'))).toEqual([
      'GET /api/things/{id}  parameter path id: type changed from string to integer',
      'DELETE /api/things/{id}  parameter path id: type changed from string to integer',
    ]);
  });

  it('finds each method of a template written with two parameter names', () => {
    // As Nest writes `DELETE /share/{id}` and `GET /share/{token}`: one URL, two paths.
    const split = (type: string) => (document: Fixture) => {
      const paths = document.paths as Record<string, any>;
      const item = paths['/api/things/{id}'];
      paths['/api/things/{id}'] = { delete: item.delete };
      item.get.parameters = [{ name: 'token', in: 'path', required: true, schema: { type } }];
      paths['/api/things/{token}'] = { get: item.get };
    };
    const before = fixture();
    split('string')(before);
    expect(breakingChanges(before, next('1.1.0', split('string'))).map(formatChange)).toEqual([]);
    expect(breakingChanges(before, next('1.1.0', split('integer'))).map(formatChange)).toEqual([
      'GET /api/things/{token}  parameter path token: type changed from string to integer',
    ]);
  });

  it('lets a new major version break the contract, listing what it breaks', () => {
    const verdict = checkContract(
      fixture(),
      next('2.0.0', (document) => delete (document.paths as any)['/api/things/{id}']),
    );
    expect(verdict.ok).toBe(true);
    expect(verdict.lines).toEqual([
      'The API contract 2.0.0 keeps the promises of 1.0.0, but for these, allowed by the new major version:',
      '  GET /api/things/{id}: path removed',
      '  DELETE /api/things/{id}: path removed',
    ]);
  });

  it('refuses a change to the document under the released version, saying what to do', () => {
    const changed = fixture();
    (changed.paths as Record<string, unknown>)['/api/makers'] = {
      get: { responses: { 200: { description: '' } } },
    };
    const verdict = checkContract(fixture(), changed);
    expect(verdict.ok).toBe(false);
    expect(verdict.lines[0]).toMatch(
      /changed, but its version is still 1\.0\.0.*raise API_VERSION/,
    );
    expect(checkContract(fixture(), fixture()).ok).toBe(true);
  });

  it('refuses a version older than the released one, or one without a changelog entry', () => {
    expect(checkContract(next('1.2.0'), next('1.1.0')).lines[0]).toMatch(/older than/);
    const unlogged = next('1.1.0');
    (unlogged.info?.['x-changelog'] as unknown[]).shift();
    expect(checkContract(fixture(), unlogged)).toEqual({
      ok: false,
      lines: [expect.stringContaining('no entry for 1.1.0')],
    });
  });

  it('releases only a version after the released one with its changelog entry', () => {
    expect(checkRelease(fixture(), fixture()).lines[0]).toMatch(/already released/);
    expect(checkRelease(fixture(), next('1.0.1')).ok).toBe(true);
    expect(checkRelease(undefined, fixture()).ok).toBe(true);
    expect(
      checkRelease(
        fixture(),
        next('1.1.0', (document) => delete schemas(document).Thing.properties.price),
      ).ok,
    ).toBe(false);
  });

  it("passes the API's document against the committed released one", () => {
    const current = JSON.parse(fs.readFileSync(writeOpenApiDocument().document, 'utf8'));
    const released = JSON.parse(
      fs.readFileSync(path.join(root, 'backend/openapi/released.json'), 'utf8'),
    );
    expect(checkContract(released, current)).toMatchObject({ ok: true });
    // The changelog and the version are in what Swagger UI shows.
    expect(current.info.description).toContain('## Changelog');
    expect(current.info.description).toContain(`### ${current.info.version} (`);
  }, 60_000);

  it('fails from the command line on a field the released document had, naming it and the version needed', () => {
    const released = JSON.parse(
      fs.readFileSync(path.join(root, 'backend/openapi/released.json'), 'utf8'),
    );
    released.components.schemas.LoginResponse.properties.expiresAt = { type: 'string' };
    // As if the current version were the released one, whatever it is by now (the newest
    // section of the changelog, which api:check keeps in step with API_VERSION).
    const changelog = fs.readFileSync(path.join(root, 'backend/openapi/CHANGELOG.md'), 'utf8');
    const version = /^## (\S+) \(/m.exec(changelog)?.[1];
    released.info.version = version;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-released-')), 'r.json');
    fs.writeFileSync(file, JSON.stringify(released));
    const run = spawnSync(
      process.execPath,
      ['-r', '@swc-node/register', 'tools/api-contract/cli.ts', '--released', file],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, SWC_NODE_PROJECT: path.join(root, 'tools/tsconfig.json') },
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`changed, but its version is still ${version}`);
    expect(run.stderr).toContain('these break consumers, so the version must be 2.0.0:');
    expect(run.stderr).toContain(
      '  POST /api/user/login  response 200 (application/json) .expiresAt: removed',
    );
  }, 60_000);
});
