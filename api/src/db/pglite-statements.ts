/**
 * Prepared statements on PGlite's one connection, as our PostgreSQL connections have them
 * (prepared-statements.ts). PGlite's own `query` parses, describes, binds and runs every statement
 * anew, in six calls into the database: here a statement is parsed and described once under a name,
 * then each run is one call (bind, describe, execute, sync), and PostgreSQL keeps its plan where the
 * plan does not depend on the parameters. The answer is read by PGlite's own parsers, so rows are the
 * same as `query` gives. What does not run prepared (runsPrepared: a pattern match, a text that may
 * hold several statements; past the bound) goes through `query` as before.
 */
import { type PGlite, parse, protocol, type Results } from '@electric-sql/pglite';
import { MAX_PREPARED_PER_CONNECTION, runsPrepared } from './prepared-statements';

const { serialize } = protocol;

/** PostgreSQL's "cached plan must not change result type": a table the statement reads was altered. */
const FEATURE_NOT_SUPPORTED = '0A000';

interface Prepared {
  name: string;
  /** The type of each parameter, as the database inferred it (for PGlite's serializers). */
  parameterTypes: number[];
}

export class PGliteStatements {
  private readonly prepared = new Map<string, Prepared>();
  private named = 0;

  constructor(private readonly pg: PGlite) {}

  async query<R>(text: string, parameters: unknown[]): Promise<Results<R>> {
    if (!runsPrepared(text, parameters) || (!this.prepared.has(text) && this.prepared.size >= MAX_PREPARED_PER_CONNECTION)) {
      return this.pg.query<R>(text, parameters);
    }
    return this.pg._runExclusiveQuery(async () => {
      try {
        return await this.run<R>(text, parameters);
      } catch (error) {
        // Prepared before a migration changed what it reads: prepared again, once.
        if ((error as { code?: string }).code !== FEATURE_NOT_SUPPORTED || !this.prepared.has(text)) throw error;
        await this.forget(text);
        return await this.run<R>(text, parameters);
      }
    });
  }

  private async run<R>(text: string, parameters: unknown[]): Promise<Results<R>> {
    const { name, parameterTypes } = this.prepared.get(text) ?? (await this.prepare(text));
    const values = parameters.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.pg.serializers[parameterTypes[i]];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await this.pg.execProtocolStream(
      Buffer.concat([
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    await this.pg.syncToFs();
    return parse.parseResults(messages, this.pg.parsers)[0] as Results<R>;
  }

  private async prepare(text: string): Promise<Prepared> {
    const name = `sr_${++this.named}`;
    const messages = await this.pg.execProtocolStream(
      Buffer.concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const prepared = { name, parameterTypes: parse.parseDescribeStatementResults(messages) };
    this.prepared.set(text, prepared);
    return prepared;
  }

  private async forget(text: string): Promise<void> {
    const prepared = this.prepared.get(text);
    this.prepared.delete(text);
    if (prepared)
      await this.pg.execProtocolStream(Buffer.concat([serialize.close({ type: 'S', name: prepared.name }), serialize.sync()]), {
        syncToFs: false,
      });
  }
}
