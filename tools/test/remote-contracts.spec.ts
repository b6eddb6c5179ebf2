import path from 'node:path';
import ts from 'typescript';

// Each remote states what it promises the shell in src/remote-contract.ts (types of
// @vitrine/contracts), which `nx typecheck` checks. These specs type-check a remote as CI does,
// with one file changed in memory, to show a broken promise fails the check.
const root = path.resolve(__dirname, '../..');

/** The type errors of `project`'s app with `files` (path → text) changed in memory. */
function typeErrors(project: string, files: Record<string, string> = {}): string[] {
  const configFile = path.join(root, project, 'tsconfig.app.json');
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configFile));
  const changed = new Map(
    Object.entries(files).map(([file, text]) => [path.join(root, file), text]),
  );
  const host = ts.createCompilerHost(parsed.options);
  const readFile = host.readFile;
  host.readFile = (file) => changed.get(path.resolve(file)) ?? readFile.call(host, file);
  const program = ts.createProgram({
    // The contract, and the declarations the app is checked with (its style imports).
    rootNames: parsed.fileNames.filter(
      (file) => file.endsWith('remote-contract.ts') || file.endsWith('.d.ts'),
    ),
    options: { ...parsed.options, noEmit: true },
    host,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe("the remotes' contract with the shell", () => {
  it('holds for both remotes as they are', () => {
    expect(typeErrors('public-mfe')).toEqual([]);
    expect(typeErrors('admin-mfe')).toEqual([]);
  }, 60_000);

  it('fails the type check of a remote that stops exporting its root component', () => {
    const errors = typeErrors('admin-mfe', {
      'admin-mfe/src/remote-entry.ts': "export { App } from './app/App';\n",
    });
    expect(errors).toEqual([
      expect.stringMatching(/Type 'true' is not assignable to type 'never'/),
    ]);
  }, 60_000);

  it('fails the type check of a public remote whose render no longer takes what the shell gives', () => {
    const errors = typeErrors('public-mfe', {
      'public-mfe/src/server/render.tsx':
        'export async function render(url: string, options: { apiBase: string }) {\n  return { url, options };\n}\n',
    });
    expect(errors).toEqual([
      expect.stringMatching(/Type 'true' is not assignable to type 'never'/),
    ]);
  }, 60_000);
});
