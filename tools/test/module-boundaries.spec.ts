import fs from 'node:fs';
import path from 'node:path';
import { EslintProcess, type LintMessage } from './support/eslint-process';

// The workspace's import rules are only worth having if `nx lint` fails on a break.
// ESLint runs as `nx lint` runs it: its CLI's engine and the real config, in the project's
// folder, on a probe file given as text. One ESLint process per folder serves all the probes.
const root = path.resolve(__dirname, '../..');

const eslintProcesses = new Map<string, EslintProcess>();
afterAll(() => eslintProcesses.forEach((eslint) => eslint.stop()));

/** ESLint, run in `cwd` as `nx lint` runs it there; started on first use. */
function eslintIn(cwd: string): EslintProcess {
  let eslint = eslintProcesses.get(cwd);
  if (!eslint) eslintProcesses.set(cwd, (eslint = new EslintProcess(cwd)));
  return eslint;
}

/** What ESLint says of `source` as `file`, run from `cwd` as `nx lint` runs it there. */
function lint(file: string, source: string, cwd = root): Promise<LintMessage[]> {
  return eslintIn(cwd).lint(file, source);
}

async function boundaryErrors(file: string, source: string): Promise<LintMessage[]> {
  return (await lint(file, source)).filter(
    (message) => message.ruleId === '@nx/enforce-module-boundaries',
  );
}

/**
 * The admin area's folder layers (admin-mfe/eslint.config.mjs): `nx lint admin-mfe` runs
 * ESLint in admin-mfe/, where that config applies; `file` is relative to admin-mfe/src.
 */
async function adminLayerErrors(file: string, imports: string): Promise<LintMessage[]> {
  const source = `import * as imported from '${imports}';\nexport const probe = imported;\n`;
  return (await lint(`src/${file}`, source, path.join(root, 'admin-mfe'))).filter(
    (message) => message.ruleId === 'import/no-restricted-paths',
  );
}

// The API's layers are backend/eslint.config.mjs's, which `nx lint` reads in backend/.
const backend = path.join(root, 'backend');

async function backendLayerErrors(file: string, source: string): Promise<LintMessage[]> {
  return (await lint(file, source, backend)).filter(
    (message) => message.ruleId === 'import/no-restricted-paths',
  );
}

/**
 * Which group imports which, over a project's files, `groupOf` naming each file's group (its
 * top-level folder). Read without ESLint's resolver, which lets an import it cannot resolve pass.
 */
function groupImports(src: string, groupOf: (file: string) => string, files: RegExp) {
  const imports = new Map<string, Set<string>>();
  for (const file of fs.readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (!files.test(file)) continue;
    const from = path.join(src, file);
    const text = fs.readFileSync(from, 'utf8');
    for (const [, spec] of text.matchAll(/(?:from|import|require)\s*\(?\s*'(\.[^']+)'/g)) {
      const to = path.resolve(path.dirname(from), spec);
      if (!to.startsWith(src + path.sep)) continue;
      const isFolder = fs.existsSync(to) && fs.statSync(to).isDirectory();
      const [a, b] = [groupOf(from), groupOf(isFolder ? path.join(to, 'index.ts') : to)];
      if (a !== b) imports.set(a, (imports.get(a) ?? new Set()).add(b));
    }
  }
  return imports;
}

/** Every cycle in `imports`, as 'a -> b -> a'. */
function cyclesIn(imports: Map<string, Set<string>>): string[] {
  const cycles: string[] = [];
  const finished = new Set<string>();
  const visit = (group: string, trail: string[]): void => {
    if (trail.includes(group)) {
      cycles.push([...trail.slice(trail.indexOf(group)), group].join(' -> '));
    } else if (!finished.has(group)) {
      for (const next of imports.get(group) ?? []) visit(next, [...trail, group]);
      finished.add(group);
    }
  };
  for (const group of imports.keys()) visit(group, []);
  return cycles;
}

/**
 * A front end's file's group: its top-level folder of src ('.' for the files at the top), or
 * 'specs' for a spec, which is no part of its folder's layer: nothing imports it.
 */
const frontEndGroup = (src: string) => (file: string) => {
  if (/\.spec\.tsx?$/.test(file)) return 'specs';
  const [first, ...rest] = path.relative(src, file).split(path.sep);
  return rest.length > 0 ? first : '.';
};

describe('module boundaries', () => {
  it('lets a front end import the shared UI library', async () => {
    const errors = await boundaryErrors(
      'public-mfe/src/app/boundary-probe.tsx',
      "import { Button } from '@vitrine/ui';\nexport const probe = Button;\n",
    );
    expect(errors).toEqual([]);
  });

  // The probe sits in a util library the UI library does not import itself, so that the
  // rule refused is the boundary and not a circular dependency (ui imports contracts).
  it('refuses a util library importing a UI library', async () => {
    const errors = await boundaryErrors(
      'libs/shared/auth/src/lib/boundary-probe.ts',
      "import { Button } from '@vitrine/ui';\nexport const probe = Button;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/type:util.*type:util/s);
  });

  it('refuses the API importing from a front-end app', async () => {
    const errors = await boundaryErrors(
      'backend/src/boundary-probe.ts',
      "import { App } from '../../admin-mfe/src/app/App';\nexport const probe = App;\n",
    );
    expect(errors.length).toBeGreaterThan(0);
  });

  it('refuses a shared library depending on the API', async () => {
    const errors = await boundaryErrors(
      'libs/shared/ui/src/lib/boundary-probe.ts',
      "import { AppModule } from '../../../../../backend/src/app.module';\nexport const probe = AppModule;\n",
    );
    expect(errors.length).toBeGreaterThan(0);
  });

  // embedded-mongo is a TCP server with a disk journal: only the API and the tools run it.
  const importsDatabase =
    "import { startEmbeddedMongo } from '@vitrine/embedded-mongo';\nexport const probe = startEmbeddedMongo;\n";

  it.each([
    'public-mfe/src/app/boundary-probe.tsx',
    'admin-mfe/src/app/boundary-probe.tsx',
    'shell/src/app/boundary-probe.tsx',
    'libs/shared/ui/src/lib/boundary-probe.ts',
    'libs/shared/contracts/src/lib/boundary-probe.ts',
  ])('refuses the embedded database in %s', async (file) => {
    const errors = await boundaryErrors(file, importsDatabase);
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/can only depend on libs tagged/);
  });

  it.each(['backend/src/boundary-probe.ts', 'tools/test/boundary-probe.spec.ts'])(
    'lets %s import the embedded database',
    async (file) => {
      expect(await boundaryErrors(file, importsDatabase)).toEqual([]);
    },
  );

  // The test-process toolkit starts servers and signs in: tests use it, the API's code never.
  const importsToolkit =
    "import { startApi } from '@vitrine/testing';\nexport const probe = startApi;\n";

  it('refuses the test toolkit in the API source', async () => {
    const errors = await boundaryErrors('backend/src/boundary-probe.ts', importsToolkit);
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/can only depend on libs tagged/);
  });

  it('lets the API tests use the test toolkit', async () => {
    expect(await boundaryErrors('backend/test/boundary-probe.spec.ts', importsToolkit)).toEqual([]);
  });

  it("lets the embedded database's tests use the test toolkit, never its source", async () => {
    const source = await boundaryErrors(
      'libs/embedded-mongo/src/boundary-probe.ts',
      importsToolkit,
    );
    expect(source).toHaveLength(1);
    expect(source[0].message).toMatch(/can only depend on libs tagged/);
    expect(
      await boundaryErrors('libs/embedded-mongo/src/boundary-probe.spec.ts', importsToolkit),
    ).toEqual([]);
  });

  describe('inside the admin area', () => {
    it('lets a screen import features, components and the lib below it', async () => {
      for (const imports of [
        '../../features/users/api/get-user',
        '../../components/PageHeader',
        '../../lib/errors',
      ]) {
        expect(await adminLayerErrors('app/routes/LayerProbe.tsx', imports)).toEqual([]);
      }
    });

    it.each([
      ['lib/layer-probe.ts', '../features/users/api/get-user', 'src/features'],
      ['lib/layer-probe.spec.ts', '../app/App', 'src/app'],
      ['components/LayerProbe.tsx', '../features/users/api/get-user', 'src/features'],
      ['features/users/layer-probe.ts', '../../app/routes/UsersPage', 'src/app'],
    ])('refuses %s importing %s, back up the layers', async (file, imports, above) => {
      const errors = await adminLayerErrors(file, imports);
      expect(errors).toHaveLength(1);
      expect(errors[0].message).toContain(`must not import ${above}`);
    });

    it('keeps the specs’ toolkit out of the source and lets specs use it', async () => {
      const errors = await adminLayerErrors('lib/layer-probe.ts', '../testing/api');
      expect(errors).toHaveLength(1);
      expect(errors[0].message).toMatch(/only specs import it/);
      expect(await adminLayerErrors('lib/layer-probe.spec.ts', '../testing/api')).toEqual([]);
    });

    it.each(['features/content/layer-probe.ts', 'features/content/layer-probe.spec.ts'])(
      'refuses %s importing another feature',
      async (file) => {
        const errors = await adminLayerErrors(file, '../users/api/get-user');
        expect(errors).toHaveLength(1);
        expect(errors[0].message).toContain(
          'src/features/content must not import another folder of src/features',
        );
      },
    );

    it('lets a feature import its own folders', async () => {
      expect(
        await adminLayerErrors('features/content/components/LayerProbe.tsx', '../api/get-content'),
      ).toEqual([]);
    });

    // Specs stand on every layer, testing/ just below them: it may import only src/lib.
    it('lets the specs’ toolkit import src/lib and nothing above it', async () => {
      const errors = await adminLayerErrors('testing/layer-probe.ts', '../app/App');
      expect(errors).toHaveLength(1);
      expect(errors[0].message).toMatch(/imports only src\/lib/);
      expect(await adminLayerErrors('testing/layer-probe.ts', '../lib/session')).toEqual([]);
    });
  });
});

// Inside public-mfe the folders of src/ are layers (server > app > features > components >
// lib): an import that runs back up would make two of them depend on each other. `nx lint
// public-mfe` runs ESLint in the project's folder, with the project's config: so does this.
describe("public-mfe's layers", () => {
  const layerErrors = async (file: string, source: string) =>
    (await lint(file, source, path.join(root, 'public-mfe'))).filter(
      (message) => message.ruleId === 'import/no-restricted-paths',
    );

  it.each([
    [
      'src/lib/layer-probe.ts',
      "import { pageHead } from '../app/seo';\nexport const probe = pageHead;\n",
    ],
    [
      'src/lib/layer-probe.spec.tsx',
      "import type { PageHead } from '../app/seo/page-head';\nexport type Probe = PageHead;\n",
    ],
    [
      'src/components/layer-probe.tsx',
      "import { useGallery } from '../features/gallery/api/get-gallery';\nexport const probe = useGallery;\n",
    ],
    [
      'src/features/gallery/layer-probe.ts',
      "import { App } from '../../app/App';\nexport const probe = App;\n",
    ],
    [
      'src/app/layer-probe.ts',
      "import { render } from '../server/render';\nexport const probe = render;\n",
    ],
  ])('refuses %s importing from a layer above it', async (file, source) => {
    const errors = await layerErrors(file, source);
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/is below/);
  });

  it.each([
    ['src/server/layer-probe.ts', "import { App } from '../app/App';\nexport const probe = App;\n"],
    [
      'src/app/layer-probe.ts',
      "import { useGallery } from '../features/gallery/api/get-gallery';\nexport const probe = useGallery;\n",
    ],
    [
      'src/features/gallery/layer-probe.ts',
      "import { telHref } from '../../lib/format';\nexport const probe = telHref;\n",
    ],
  ])('lets %s import from a layer below it', async (file, source) => {
    expect(await layerErrors(file, source)).toEqual([]);
  });

  it('keeps the specs’ fixtures out of the source and lets specs use them', async () => {
    const source =
      "import { siteSettings } from '../testing/site-settings';\nexport const probe = siteSettings;\n";
    const errors = await layerErrors('src/app/layer-probe.ts', source);
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/only specs import it/);
    expect(await layerErrors('src/app/layer-probe.spec.ts', source)).toEqual([]);
  });

  it.each([
    ['src/features/auth/components/layer-probe.tsx', '../../gallery/api/get-gallery'],
    ['src/features/auth/layer-probe.spec.ts', '../gallery/api/get-gallery'],
  ])('refuses %s importing another feature', async (file, imports) => {
    const source = `import { useGallery } from '${imports}';\nexport const probe = useGallery;\n`;
    const errors = await layerErrors(file, source);
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/src\/features\/auth must not import another folder/);
  });
});

describe.each(['admin-mfe', 'public-mfe'])('the folders of %s/src', (project) => {
  it('form no import cycle, specs counted apart from their folders', () => {
    const src = path.join(root, project, 'src');
    const imports = groupImports(src, frontEndGroup(src), /\.tsx?$/);
    expect(imports.get('specs')?.has('testing')).toBe(true);
    expect(cyclesIn(imports)).toEqual([]);
  });
});

describe("the API's layers", () => {
  it('refuses common/ importing a feature', async () => {
    const errors = await backendLayerErrors(
      'src/common/boundary-probe.ts',
      "import { ProductsService } from '../products/products.service';\nexport const probe = ProductsService;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/src\/common may import only the layers below it/);
    expect(errors[0].message).toMatch(/bottom first: config < common < database < /);
  });

  it('refuses a platform service importing an entity, even for a type', async () => {
    const errors = await backendLayerErrors(
      'src/trash/boundary-probe.ts',
      "import type { User } from '../users/schemas/user.schema';\nexport type Probe = User;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/src\/trash may import only the layers below it/);
  });

  it('lets an entity import the content base and the platform below it', async () => {
    const source =
      "import { ContentService } from '../content/content.service';\n" +
      "import { TrashService } from '../trash/trash.service';\n" +
      'export const probe = [ContentService, TrashService];\n';
    expect(await backendLayerErrors('src/products/boundary-probe.ts', source)).toEqual([]);
  });

  // A folder missing from the list would be free to import anything, and be imported by all.
  it('gives every top-level folder of backend/src a place in the layers', async () => {
    const config = (await eslintIn(backend).printConfig('src/main.ts')) as {
      rules: Record<string, [unknown, { zones: { target: string; from: string[] }[] }]>;
    };
    const [, { zones }] = config.rules['import/no-restricted-paths'];
    const placed = new Set(
      zones.flatMap(({ target, from }) => [target, ...from].map((entry) => entry.split('/')[1])),
    );
    const folders = fs
      .readdirSync(path.join(backend, 'src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((folder) => !placed.has(folder))).toEqual([]);
    expect(placed.has('*.ts')).toBe(true);
  });

  // Read without ESLint's resolver, which lets an import it cannot resolve pass.
  it('finds no import cycle between the top-level folders of backend/src', () => {
    const src = path.join(backend, 'src');
    // A file's top-level folder; '.' for app.module.ts, main.ts and the other files at the top.
    const folderOf = (file: string) => {
      const [first, ...rest] = path.relative(src, file).split(path.sep);
      return rest.length > 0 ? first : '.';
    };
    const imports = groupImports(src, folderOf, /\.ts$/);
    expect(imports.size).toBeGreaterThan(20);
    expect(cyclesIn(imports)).toEqual([]);
  });
});
