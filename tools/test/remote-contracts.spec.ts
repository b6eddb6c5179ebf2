import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// Each remote states what it promises the shell in src/remote-contract.ts (types of
// @vitrine/contracts), which `nx typecheck` checks. These specs type-check a remote as CI does,
// with one file changed in memory, to show a broken promise fails the check.
const root = path.resolve(__dirname, '../..');

// A program costs a parse of some 600 files and a check of the app's. Unchanged files are
// parsed once for all programs, and a remote with a file changed is checked as `tsc --watch`
// checks an edit: from the program of the remote as it is, rechecking only the files the
// change can reach; the others keep the diagnostics they had. What it reports is what a check
// from scratch reports (TypeScript's builder promises so), in a second rather than in ten.
const parsedFiles = new Map<string, ts.SourceFile>();
const remotesAsTheyAre = new Map<string, ts.SemanticDiagnosticsBuilderProgram>();

/** `project`'s app, type-checked with `files` (path → text) changed in memory. */
function checkedProgram(
  project: string,
  files: Record<string, string> = {},
): ts.SemanticDiagnosticsBuilderProgram {
  const changed = new Map(
    Object.entries(files).map(([file, text]) => [path.join(root, file), text]),
  );
  if (changed.size === 0 && remotesAsTheyAre.has(project)) return remotesAsTheyAre.get(project)!;
  const asItIs = changed.size > 0 ? checkedProgram(project) : undefined;

  const configFile = path.join(root, project, 'tsconfig.app.json');
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configFile));
  const options = { ...parsed.options, noEmit: true };
  // The incremental host gives each file a version (a hash of its text), which the builder
  // compares to tell a changed file from one it has checked.
  const host = ts.createIncrementalCompilerHost(options);
  const { readFile, getSourceFile } = host;
  host.readFile = (file) => changed.get(path.resolve(file)) ?? readFile.call(host, file);
  host.getSourceFile = (file, languageVersion, ...rest) => {
    if (changed.has(path.resolve(file))) {
      return getSourceFile.call(host, file, languageVersion, ...rest);
    }
    const key = `${file} ${JSON.stringify(languageVersion)}`;
    let sourceFile = parsedFiles.get(key);
    if (!sourceFile) {
      sourceFile = getSourceFile.call(host, file, languageVersion, ...rest);
      if (sourceFile) parsedFiles.set(key, sourceFile);
    }
    return sourceFile;
  };
  const program = ts.createSemanticDiagnosticsBuilderProgram(
    // The contract, and the declarations the app is checked with (its style imports).
    parsed.fileNames.filter(
      (file) => file.endsWith('remote-contract.ts') || file.endsWith('.d.ts'),
    ),
    options,
    host,
    asItIs,
  );
  if (changed.size === 0) remotesAsTheyAre.set(project, program);
  return program;
}

/** The type errors of `project`'s app with `files` (path → text) changed in memory. */
function typeErrors(project: string, files: Record<string, string> = {}): string[] {
  const program = checkedProgram(project, files);
  // What ts.getPreEmitDiagnostics reports, semantic diagnostics through the builder.
  return [
    ...program.getConfigFileParsingDiagnostics(),
    ...program.getOptionsDiagnostics(),
    ...program.getSyntacticDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...program.getSemanticDiagnostics(),
  ].map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

/** `file`'s text with `from` replaced by `to`; throws if `from` is not in it. */
function edited(file: string, from: string, to: string): Record<string, string> {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  if (!text.includes(from)) throw new Error(`${file} no longer contains: ${from}`);
  return { [file]: text.replace(from, to) };
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

  // The real render, asking for more than the shell gives: the file keeps its imports, so the
  // check reaches only render.tsx and what imports it.
  it('fails the type check of a public remote whose render no longer takes what the shell gives', () => {
    const errors = typeErrors(
      'public-mfe',
      edited(
        'public-mfe/src/server/render.tsx',
        'export async function render(url: string, options: RenderOptions)',
        'export async function render(url: string, options: RenderOptions, nonce: string)',
      ),
    );
    expect(errors).toEqual([
      expect.stringMatching(/Type 'true' is not assignable to type 'never'/),
    ]);
  }, 60_000);
});
