#!/usr/bin/env node
/**
 * shared-contracts' public surface and its version (DESIGN.md §5, "Delivering a remote").
 *
 *   npm run surface -w shared-contracts         check: the committed surface.json describes the current
 *                                               source at package.json's version (exit 1 and what to do)
 *   npm run surface:write -w shared-contracts   record the current surface at package.json's version
 *                                               (refused when that version is not enough of a bump)
 *   --src <dir>      read another copy of src (e.g. an older commit's, from `git archive`; it must sit
 *                    inside shared-contracts/ so that its imports find node_modules)
 *   --report <file>  compare with (or write) another report than shared-contracts/surface.json
 *
 * The surface is read with the TypeScript compiler (one Program) from the source of every entry point
 * of package.json's exports map ('.', './react', './ui', './schemas', './standalone'): each exported name
 * with its kind and its type. Types are printed by the checker (NoTruncation) and normalized so that the
 * text depends on the type only, never on the order the checker met things: union members and object
 * members are sorted. Where a type has a structure (an object, an interface, a function's anonymous
 * parameter or result, an array's or a generic's anonymous argument) its members are listed one by
 * one, so adding a member reads as an addition; a type exported by name is referred to by that name
 * and described once, under it. Texts longer than LONG_TEXT keep a prefix and the sha256 of the whole.
 * The bump rules and messages are in surface-rules.ts.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packageFile = path.join(packageDir, 'package.json');
/** Longer texts are stored as a prefix and a sha256. */
const LONG_TEXT = 300;
const LONG_TEXT_PREFIX = 120;
/** Structures nested deeper than this are written as text. */
const MAX_DEPTH = 12;
/** Stands for a structure listed under `members`. */
const STRUCTURE = '{ … }';

const F = ts.NodeBuilderFlags;
const NODE_FLAGS = F.NoTruncation | F.IgnoreErrors | F.AllowUniqueESSymbolType | F.UseAliasDefinedOutsideCurrentScope;

/** surface-rules.ts, transpiled and imported (Node runs no TypeScript by itself; jest tests that file). */
async function loadRules() {
  const file = path.join(packageDir, 'scripts', 'surface-rules.ts');
  const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
    fileName: file,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  return import(`data:text/javascript;base64,${Buffer.from(outputText).toString('base64')}`);
}

function parseArguments(argv) {
  const options = {
    write: false,
    srcDir: path.join(packageDir, 'src'),
    reportFile: path.join(packageDir, 'surface.json'),
  };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--write') options.write = true;
    else if (argv[i] === '--src' && argv[i + 1]) options.srcDir = path.resolve(argv[++i]);
    else if (argv[i] === '--report' && argv[i + 1]) options.reportFile = path.resolve(argv[++i]);
    else throw new Error(`unknown argument ${argv[i]} (use --write, --src <dir>, --report <file>)`);
  }
  return options;
}

/** Each exports-map entry ('.', './react', …) and its source file in srcDir (./dist/x/index.d.ts → x/index.ts). */
function entryPointFiles(packageJson, srcDir) {
  const files = new Map();
  for (const [entryPoint, target] of Object.entries(packageJson.exports)) {
    const types = typeof target === 'object' && target !== null ? target.types : undefined;
    // ./package.json, and ./testing: source-only test utilities, no part of what the browser loads.
    if (typeof types !== 'string' || !types.startsWith('./dist/')) continue;
    const base = path.join(srcDir, types.replace(/^\.\/dist\//, '').replace(/\.d\.ts$/, ''));
    const file = [`${base}.ts`, `${base}.tsx`].find((candidate) => existsSync(candidate));
    if (!file) throw new Error(`no source for ${entryPoint} (${base}.ts)`);
    files.set(entryPoint, file);
  }
  return files;
}

/** One Program over the entry points, with tsconfig.json's options and `shared-contracts/*` read from srcDir. */
function createProgram(entryFiles) {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(packageDir, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  const paths = {};
  for (const [entryPoint, file] of entryFiles) paths[path.posix.join('shared-contracts', entryPoint)] = [file];
  // The ambient declarations the source relies on (CSS modules), as tsconfig.json includes them.
  const ambient = config.fileNames.filter((file) => file.endsWith('.d.ts'));
  return ts.createProgram({
    rootNames: [...entryFiles.values(), ...ambient],
    options: { ...config.options, paths, noEmit: true },
  });
}

function byText(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sortedObject(entries) {
  return Object.fromEntries([...entries].sort(([a], [b]) => byText(a, b)));
}

/** The surface of every entry point: { [entryPoint]: { [name]: { kind, type, members?, typeOnly? } } }. */
export function readSurface(srcDir) {
  const packageJson = JSON.parse(readFileSync(packageFile, 'utf8'));
  const entryFiles = entryPointFiles(packageJson, srcDir);
  const program = createProgram(entryFiles);
  const errors = ts.getPreEmitDiagnostics(program).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0) {
    const text = ts.formatDiagnostics(errors.slice(0, 5), {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => packageDir,
      getNewLine: () => '\n',
    });
    throw new Error(`the source does not type-check, so its surface cannot be read:\n${text}`);
  }
  const checker = program.getTypeChecker();
  // The compiler names files with '/' on every system.
  const srcRoot = `${srcDir.split(path.sep).join('/')}/`;

  // ----- what each entry point exports -----
  const exportsByEntry = new Map();
  for (const [entryPoint, file] of entryFiles) {
    const sourceFile = program.getSourceFile(file);
    const moduleSymbol = checker.getSymbolAtLocation(sourceFile);
    const typeOnlyNames = typeOnlyExportNames(sourceFile);
    const symbols = moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : [];
    exportsByEntry.set(
      entryPoint,
      symbols.map((symbol) => ({
        name: symbol.name,
        target: symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol,
        typeOnly: typeOnlyNames.has(symbol.name),
      })),
    );
  }

  /** Names re-exported by `export type * from` / `export type { … }` only (never by a value export). */
  function typeOnlyExportNames(sourceFile) {
    const typeOnly = new Set();
    const value = new Set();
    for (const statement of sourceFile.statements) {
      if (!ts.isExportDeclaration(statement)) continue;
      const names = [];
      if (statement.exportClause && ts.isNamespaceExport(statement.exportClause)) {
        (statement.isTypeOnly ? typeOnly : value).add(statement.exportClause.name.text);
        continue;
      }
      if (statement.exportClause && ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) {
          (statement.isTypeOnly || element.isTypeOnly ? typeOnly : value).add(element.name.text);
        }
        continue;
      }
      if (statement.moduleSpecifier) {
        const target = checker.getSymbolAtLocation(statement.moduleSpecifier);
        if (target) for (const symbol of checker.getExportsOfModule(target)) names.push(symbol.name);
      }
      for (const name of names) (statement.isTypeOnly ? typeOnly : value).add(name);
    }
    for (const name of value) typeOnly.delete(name);
    return typeOnly;
  }

  // ----- the types exported by name: elsewhere they are referred to by that name -----
  const exportedSymbols = new Set();
  const exportedTypeNames = new Map();
  for (const exported of exportsByEntry.values()) {
    for (const { name, target } of exported) {
      exportedSymbols.add(target);
      if (!(target.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Class))) continue;
      const type = checker.getDeclaredTypeOfSymbol(target);
      if (!isNameable(type) || typeParametersOf(target).length > 0) continue;
      const known = exportedTypeNames.get(type);
      if (known === undefined || byText(name, known) < 0) exportedTypeNames.set(type, name);
    }
  }

  /**
   * A type that is the same type wherever it appears, so its exported name can stand for it: an object
   * type with members, or a union of literals ('shell' | 'mf_auth' | …). Not a primitive, and not
   * `boolean` (an alias `type Flag = boolean` must not rename every boolean).
   */
  function isNameable(type) {
    if (type.flags & ts.TypeFlags.Object) return hasMembers(type);
    if (!type.isUnion() || type.flags & ts.TypeFlags.Boolean) return false;
    return type.types.every((member) => member.isLiteral());
  }

  function hasMembers(type) {
    return type.getProperties().length > 0 || checker.getIndexInfosOfType(type).length > 0;
  }

  const isInSource = (symbol) =>
    (symbol?.declarations ?? []).some((declaration) => declaration.getSourceFile().fileName.startsWith(srcRoot));
  /** Declared in shared-contracts but not exported: its structure is part of the surface, so it is listed. */
  const isLocal = (symbol) => symbol !== undefined && isInSource(symbol) && !exportedSymbols.has(symbol);

  // ----- printing -----
  const printer = ts.createPrinter({ removeComments: true, omitTrailingSemicolon: true });
  const scratch = ts.createSourceFile('surface.ts', '', ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const printRaw = (node) => printer.printNode(ts.EmitHint.Unspecified, node, scratch);

  /** Sorts union members and object members, so a text never depends on the checker's order of work. */
  function normalize(node) {
    const result = ts.transform(node, [
      (context) => {
        const visit = (child) => {
          const visited = ts.visitEachChild(child, visit, context);
          if (ts.isUnionTypeNode(visited)) {
            const types = [...visited.types].sort((a, b) => byText(printRaw(a), printRaw(b)));
            return context.factory.updateUnionTypeNode(visited, context.factory.createNodeArray(types));
          }
          if (ts.isTypeLiteralNode(visited)) {
            const key = (member) => (member.name ? printRaw(member.name) : printRaw(member));
            const members = [...visited.members].sort((a, b) => byText(key(a), key(b)) || byText(printRaw(a), printRaw(b)));
            return context.factory.updateTypeLiteralNode(visited, context.factory.createNodeArray(members));
          }
          return visited;
        };
        return (root) => visit(root);
      },
    ]);
    const [transformed] = result.transformed;
    result.dispose();
    return transformed;
  }

  const print = (node) => printRaw(normalize(node));
  function typeNode(type, inTypeAlias = false) {
    return checker.typeToTypeNode(type, undefined, NODE_FLAGS | (inTypeAlias ? F.InTypeAlias : 0));
  }
  /** The checker's text of a type (for a type alias's own type, its definition rather than its name). */
  function text(type, inTypeAlias = false) {
    const node = typeNode(type, inTypeAlias);
    return node ? print(node) : checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation);
  }

  function typeParametersOf(symbol) {
    const declaration = symbol.declarations?.find(
      (d) => ts.isTypeAliasDeclaration(d) || ts.isInterfaceDeclaration(d) || ts.isClassDeclaration(d),
    );
    return declaration?.typeParameters ? declaration.typeParameters.map((p) => checker.getTypeAtLocation(p)) : [];
  }
  function typeParametersText(typeParameters) {
    if (typeParameters.length === 0) return '';
    const declarations = typeParameters.map((p) => print(checker.typeParameterToDeclaration(p, undefined, NODE_FLAGS)));
    return `<${declarations.join(', ')}>`;
  }

  // ----- structure -----
  const isComposite = (shape) => typeof shape !== 'string';
  const frameOf = (shape) => (isComposite(shape) ? shape.type : shape);
  const composite = (type, members) => ({ type, members: sortedObject(Object.entries(members)) });

  /**
   * A type as the report writes it: its text, or (where it has a structure of its own) its text with
   * `{ … }` in place of that structure and the structure's members.
   */
  function describe(type, chain, { root = false } = {}) {
    if (!root) {
      const name = exportedTypeNames.get(type);
      if (name !== undefined) return name;
    }
    if (chain.includes(type) || chain.length > MAX_DEPTH) return text(type);
    const inner = [...chain, type];
    if (!root && type.aliasSymbol && !isLocal(type.aliasSymbol)) return describeReference(type, inner) ?? text(type);
    if (type.isUnion()) return describeUnion(type.types, inner, () => text(type, root));
    if (!(type.flags & ts.TypeFlags.Object)) return text(type, root);
    if (checker.isTupleType(type)) return text(type);
    if (checker.isArrayType(type)) return describeArray(type, inner);
    if (!root) {
      const reference = describeReference(type, inner);
      if (reference !== undefined) return reference;
    }
    const calls = type.getCallSignatures();
    if (calls.length > 0 || type.getConstructSignatures().length > 0) {
      const plainFunction = calls.length === 1 && type.getConstructSignatures().length === 0 && !hasMembers(type);
      return plainFunction ? describeFunction(calls[0], inner) : text(type);
    }
    return hasMembers(type) ? describeObject(type, inner) : text(type, root);
  }

  /**
   * A named type (an alias or interface used with arguments, or used by name): its name, with its
   * arguments described; undefined for a local type or an anonymous one (listed as an object).
   */
  function describeReference(type, chain) {
    let symbol;
    let args = [];
    let parameterNames = [];
    if (type.aliasSymbol) {
      symbol = type.aliasSymbol;
      args = type.aliasTypeArguments ?? [];
      parameterNames = typeParametersOf(symbol).map((p) => p.symbol.name);
    } else if (type.objectFlags & ts.ObjectFlags.Reference && type.target !== type) {
      symbol = type.target.symbol;
      parameterNames = (type.target.localTypeParameters ?? []).map((p) => p.symbol.name);
      args = checker.getTypeArguments(type).slice(0, parameterNames.length);
    } else if (type.objectFlags & (ts.ObjectFlags.Interface | ts.ObjectFlags.Class)) {
      symbol = type.symbol;
    } else {
      return undefined;
    }
    if (isLocal(symbol)) return undefined;
    if (args.length === 0) return text(type);
    const described = args.map((arg) => describe(arg, chain));
    const node = typeNode(type);
    const name = node && ts.isTypeReferenceNode(node) ? printRaw(node.typeName) : checker.symbolToString(symbol);
    const members = {};
    described.forEach((shape, i) => {
      if (isComposite(shape)) members[`<${parameterNames[i] ?? i}>`] = shape;
    });
    const frame = `${name}<${described.map(frameOf).join(', ')}>`;
    return Object.keys(members).length > 0 ? composite(frame, members) : frame;
  }

  function describeUnion(types, chain, asText) {
    const hasTrue = types.some((t) => t.flags & ts.TypeFlags.BooleanLiteral && text(t) === 'true');
    const hasFalse = types.some((t) => t.flags & ts.TypeFlags.BooleanLiteral && text(t) === 'false');
    const parts = [];
    for (const member of types) {
      if (hasTrue && hasFalse && member.flags & ts.TypeFlags.BooleanLiteral) continue;
      const shape = describe(member, chain);
      const needsParentheses = member.getCallSignatures().length > 0 || member.isIntersection();
      parts.push({ shape, frame: needsParentheses ? `(${frameOf(shape)})` : frameOf(shape) });
    }
    if (hasTrue && hasFalse) parts.push({ shape: 'boolean', frame: 'boolean' });
    const structured = parts.filter((part) => isComposite(part.shape));
    if (structured.length > 1) return asText();
    const frame = parts
      .map((part) => part.frame)
      .sort(byText)
      .join(' | ');
    return structured.length === 1 ? composite(frame, structured[0].shape.members) : frame;
  }

  /** An optional member's or parameter's type, without the `undefined` its `?` already says. */
  function describeOptional(type, chain) {
    if (!type.isUnion() || !type.types.some((t) => t.flags & ts.TypeFlags.Undefined)) return describe(type, chain);
    const rest = type.types.filter((t) => !(t.flags & ts.TypeFlags.Undefined));
    if (rest.length === 1) return describe(rest[0], chain);
    return describeUnion(rest, chain, () => text(type));
  }

  function describeArray(type, chain) {
    const element = describe(checker.getTypeArguments(type)[0], chain);
    const readonly = type.symbol?.name === 'ReadonlyArray' || type.target?.symbol?.name === 'ReadonlyArray';
    const frame = frameOf(element);
    const wrapped = /[ |&]/.test(frame) && !frame.startsWith('{') ? `(${frame})` : frame;
    const arrayText = `${readonly ? 'readonly ' : ''}${wrapped}[]`;
    return isComposite(element) ? composite(arrayText, { '[]': element }) : arrayText;
  }

  function describeFunction(signature, chain) {
    const members = {};
    const parameters = [];
    if (signature.thisParameter) {
      parameters.push(`this: ${frameOf(describe(checker.getTypeOfSymbol(signature.thisParameter), chain))}`);
    }
    for (const parameter of signature.getParameters()) {
      const declaration = parameter.valueDeclaration;
      const isParameter = declaration !== undefined && ts.isParameter(declaration);
      const rest = isParameter && declaration.dotDotDotToken !== undefined;
      const optional = isParameter && checker.isOptionalParameter(declaration);
      const type = checker.getTypeOfSymbol(parameter);
      const shape = optional ? describeOptional(type, chain) : describe(type, chain);
      if (isComposite(shape)) members[`(${parameter.name})`] = shape;
      parameters.push(`${rest ? '...' : ''}${parameter.name}${optional ? '?' : ''}: ${frameOf(shape)}`);
    }
    let result;
    const predicate = checker.getTypePredicateOfSignature(signature);
    if (predicate?.type) {
      const asserts = predicate.kind === ts.TypePredicateKind.AssertsThis || predicate.kind === ts.TypePredicateKind.AssertsIdentifier;
      result = `${asserts ? 'asserts ' : ''}${predicate.parameterName ?? 'this'} is ${text(predicate.type)}`;
    } else {
      const shape = describe(checker.getReturnTypeOfSignature(signature), chain);
      if (isComposite(shape)) members['()'] = shape;
      result = frameOf(shape);
    }
    const frame = `${typeParametersText(signature.getTypeParameters() ?? [])}(${parameters.join(', ')}) => ${result}`;
    return Object.keys(members).length > 0 ? composite(frame, members) : frame;
  }

  const readonlyNamesCache = new Map();
  /** Names the checker itself writes `readonly` for this object type (as const objects, mapped types). */
  function readonlyNamesOf(type) {
    let names = readonlyNamesCache.get(type);
    if (!names) {
      names = new Set();
      const node = typeNode(type, true);
      if (node && ts.isTypeLiteralNode(node)) {
        for (const member of node.members) {
          const modifiers = ts.canHaveModifiers(member) ? (ts.getModifiers(member) ?? []) : [];
          if (!member.name || !modifiers.some((m) => m.kind === ts.SyntaxKind.ReadonlyKeyword)) continue;
          const plain = ts.isIdentifier(member.name) || ts.isStringLiteral(member.name);
          names.add(plain ? member.name.text : printRaw(member.name));
        }
      }
      readonlyNamesCache.set(type, names);
    }
    return names;
  }
  function isReadonly(property, owner) {
    const declared = (property.declarations ?? []).some((d) => ts.getCombinedModifierFlags(d) & ts.ModifierFlags.Readonly);
    return declared || readonlyNamesOf(owner).has(property.name);
  }

  /** A class's private member (`private x`, `#x`): not usable outside the class, so not on the surface. */
  function isPrivate(property) {
    return (property.declarations ?? []).some(
      (d) => ts.getCombinedModifierFlags(d) & ts.ModifierFlags.Private || (d.name !== undefined && ts.isPrivateIdentifier(d.name)),
    );
  }

  function memberKey(name, { readonly = false, optional = false } = {}) {
    const plain = /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
    return `${readonly ? 'readonly ' : ''}${plain}${optional ? '?' : ''}`;
  }

  function describeMembers(type, chain) {
    const members = {};
    for (const property of checker.getPropertiesOfType(type)) {
      if (isPrivate(property)) continue;
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
      const propertyType = checker.getTypeOfSymbol(property);
      members[memberKey(property.name, { readonly: isReadonly(property, type), optional })] = optional
        ? describeOptional(propertyType, chain)
        : describe(propertyType, chain);
    }
    for (const info of checker.getIndexInfosOfType(type)) {
      members[`${info.isReadonly ? 'readonly ' : ''}[key: ${text(info.keyType)}]`] = describe(info.type, chain);
    }
    return members;
  }

  function describeObject(type, chain) {
    return composite(STRUCTURE, describeMembers(type, chain));
  }

  // ----- each exported name -----
  function kindOf(symbol) {
    const flags = symbol.flags;
    if (flags & ts.SymbolFlags.Class) return 'class';
    if (flags & ts.SymbolFlags.Enum) return 'enum';
    if (flags & ts.SymbolFlags.Function) return 'function';
    if (flags & ts.SymbolFlags.Value) return 'value';
    if (flags & ts.SymbolFlags.Interface) return 'interface';
    return 'type';
  }

  function entryOf(kind, shape, typeOnly) {
    const entry = isComposite(shape) ? { kind, type: shape.type, members: shape.members } : { kind, type: shape };
    return typeOnly ? { ...entry, typeOnly: true } : entry;
  }

  /** The declared type of an interface or type alias: its definition, its type parameters in front. */
  function describeDeclaredType(symbol) {
    const shape = describe(checker.getDeclaredTypeOfSymbol(symbol), [], { root: true });
    const parameters = typeParametersText(typeParametersOf(symbol));
    if (!parameters) return shape;
    return isComposite(shape) ? { ...shape, type: `${parameters} ${shape.type}` } : `${parameters} ${shape}`;
  }

  function describeClass(symbol) {
    const constructorType = checker.getTypeOfSymbol(symbol);
    const members = describeMembers(constructorType, [constructorType]);
    delete members.prototype;
    const constructors = constructorType.getConstructSignatures().map((signature) => describeFunction(signature, [constructorType]));
    members.new = constructors.length === 1 ? constructors[0] : constructors.map(frameOf).sort(byText).join(' & ');
    members.prototype = describe(checker.getDeclaredTypeOfSymbol(symbol), [], { root: true });
    return composite(`class${typeParametersText(typeParametersOf(symbol))} ${STRUCTURE}`, members);
  }

  function describeEnum(symbol) {
    const members = {};
    for (const member of checker.getExportsOfModule(symbol)) {
      const declaration = member.valueDeclaration;
      const value = declaration && ts.isEnumMember(declaration) ? checker.getConstantValue(declaration) : undefined;
      members[memberKey(member.name, { readonly: true })] =
        value === undefined ? text(checker.getTypeOfSymbol(member)) : JSON.stringify(value);
    }
    return composite(`enum ${STRUCTURE}`, members);
  }

  function describeExport(name, symbol, typeOnly) {
    const kind = kindOf(symbol);
    const described = [];
    if (kind === 'class') described.push([name, entryOf(kind, describeClass(symbol))]);
    else if (kind === 'enum') described.push([name, entryOf(kind, describeEnum(symbol))]);
    else if (kind === 'function' || kind === 'value') {
      described.push([name, entryOf(kind, describe(checker.getTypeOfSymbol(symbol), []), typeOnly)]);
      // A value and a type of the same name: the type is listed beside it.
      if (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) {
        const typeKind = symbol.flags & ts.SymbolFlags.Interface ? 'interface' : 'type';
        described.push([`${name} (${typeKind})`, entryOf(typeKind, describeDeclaredType(symbol))]);
      }
    } else described.push([name, entryOf(kind, describeDeclaredType(symbol))]);
    return described;
  }

  const surface = {};
  for (const entryPoint of [...exportsByEntry.keys()].sort(byText)) {
    const entries = [];
    for (const { name, target, typeOnly } of exportsByEntry.get(entryPoint)) {
      entries.push(...describeExport(name, target, typeOnly));
    }
    surface[entryPoint] = compact(sortedObject(entries));
  }
  return surface;
}

/** A text longer than LONG_TEXT as its prefix, its length and its sha256; every text free of local paths. */
function compactText(value) {
  if (value.includes(packageDir)) throw new Error(`a type text names a local path: ${value.slice(0, 200)}`);
  if (value.length <= LONG_TEXT) return value;
  const sha = createHash('sha256').update(value).digest('hex');
  return `${value.slice(0, LONG_TEXT_PREFIX)}… [${value.length} chars, sha256 ${sha}]`;
}

function compact(value) {
  if (typeof value === 'string') return compactText(value);
  if (Array.isArray(value) || typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, compact(inner)]));
}

async function main() {
  const options = parseArguments(process.argv.slice(2));
  const rules = await loadRules();
  const version = JSON.parse(readFileSync(packageFile, 'utf8')).version;
  const committed = existsSync(options.reportFile) ? JSON.parse(readFileSync(options.reportFile, 'utf8')) : null;
  const current = readSurface(options.srcDir);
  if (options.write) {
    const plan = rules.planWrite({ committed, current, version });
    if (!plan.write) {
      console.error(`surface:write ${plan.message}`);
      return 1;
    }
    writeFileSync(options.reportFile, `${JSON.stringify(plan.report, null, 2)}\n`);
    console.log(plan.message);
    return 0;
  }
  const verdict = rules.checkSurface({ committed, current, version });
  if (!verdict.ok) {
    console.error(verdict.message);
    return 1;
  }
  console.log(verdict.message);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (status) => process.exit(status),
    (error) => {
      console.error(`surface: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
