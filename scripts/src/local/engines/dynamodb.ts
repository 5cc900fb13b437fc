/**
 * Amazon's DynamoDB Local (the jar shipped in the npm package amplify-dynamodb-simulator) as a child
 * Java process, with the single table created from the same definition infra deploys.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { createTableInput, tableDefinition } from '@tandem/functions/db/table';
import { EngineError } from './engine-error.ts';
import { forgetChild, recordChild } from './orphans.ts';
import { bindHost, freePort, reachHost } from './ports.ts';

export interface DynamoDbEngine {
  endpoint: string;
  port: number;
  /** The table was there already and got indexes it lacked: its items may need their new keys. */
  upgraded: boolean;
  stop(): Promise<void>;
}

export interface DynamoDbOptions {
  dataDir: string;
  tableName: string;
  inMemory?: boolean;
  /** Port to reuse when free (from the previous start). */
  preferredPort?: number;
  /** Where to record Java's pid while it runs, so a start after a SIGKILL can stop it (orphans.ts). */
  pidFile?: string;
}

const JAVA_NEEDED =
  'Java 17 or newer is needed for DynamoDB Local: install a JDK (apt-get install openjdk-17-jre-headless) and try again.';
const READY_TIMEOUT_MS = 60_000;

/** Checks `java -version` first so a missing or old Java is one clear line, not a spawn stack trace. */
function checkJava(): void {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) throw new EngineError(JAVA_NEEDED);
  // `openjdk version "17.0.15"`, or `"1.8.0_402"` for Java 8.
  const m = /version "(\d+)(?:\.(\d+))?/.exec(r.stderr || r.stdout);
  const major = m ? (m[1] === '1' ? Number(m[2]) : Number(m[1])) : 0;
  if (major < 17) throw new EngineError(JAVA_NEEDED);
}

function emulatorDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
}

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/**
 * DynamoDB Local has no option for its listening address: its Jetty server binds every interface.
 * This Jetty XML file (run by Jetty's own XmlConfiguration, which ships in DynamoDBLocal_lib) does
 * what its main class does — build the server from the usual arguments, then start it — with one
 * step between: the server's connector is given `host`. Nothing is compiled, so a JRE is enough.
 */
export function launchXml(args: string[], host: string): string {
  const items = args.map((a) => `<Item>${escapeXml(a)}</Item>`).join('');
  return `<?xml version="1.0"?>
<!DOCTYPE Configure PUBLIC "-//Jetty//Configure//EN" "http://www.eclipse.org/jetty/configure_9_3.dtd">
<Configure class="com.amazonaws.services.dynamodbv2.local.main.ServerRunner">
  <Call id="proxy" class="com.amazonaws.services.dynamodbv2.local.main.ServerRunner" name="createServerFromCommandLineArgs">
    <Arg><Array type="java.lang.String">${items}</Array></Arg>
  </Call>
  <Call class="java.lang.Class" name="forName">
    <Arg>com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer</Arg>
    <Call name="getDeclaredField">
      <Arg>server</Arg>
      <Call name="setAccessible"><Arg type="boolean">true</Arg></Call>
      <Call name="get">
        <Arg><Ref refid="proxy"/></Arg>
        <Call name="getBean">
          <Arg><Call class="java.lang.Class" name="forName"><Arg>org.eclipse.jetty.server.ServerConnector</Arg></Call></Arg>
          <Set name="host">${escapeXml(host)}</Set>
        </Call>
      </Call>
    </Call>
  </Call>
  <Ref refid="proxy"><Call name="start"/></Ref>
</Configure>
`;
}

export async function startDynamoDb(opts: DynamoDbOptions): Promise<DynamoDbEngine> {
  checkJava();
  const dir = emulatorDir();
  const port = await freePort(opts.preferredPort);
  const workDir = path.join(opts.dataDir, 'dynamodb');
  const storage = opts.inMemory ? ['-inMemory'] : ['-dbPath', workDir];
  await mkdir(workDir, { recursive: true });
  const launchFile = path.join(workDir, `launch-${process.pid}-${port}.xml`);
  await writeFile(
    launchFile,
    launchXml(['-sharedDb', ...storage, '-port', String(port), '-disableTelemetry'], bindHost()),
  );

  const child = spawn(
    'java',
    [
      `-Djava.library.path=${path.join(dir, 'DynamoDBLocal_lib')}`,
      // Its main class sets Jetty's log level so; without it Jetty announces itself on stderr.
      '-Dorg.eclipse.jetty.LEVEL=WARN',
      // The jar's manifest puts DynamoDBLocal_lib (Jetty included) on the class path.
      '-cp',
      path.join(dir, 'DynamoDBLocal.jar'),
      'org.eclipse.jetty.xml.XmlConfiguration',
      launchFile,
    ],
    // It writes dynamodb-local-metadata.json into its working directory: keep that in the data folder.
    { stdio: ['ignore', 'ignore', 'pipe'], cwd: workDir },
  );
  if (opts.pidFile && child.pid) await recordChild(opts.pidFile, { pid: child.pid, marker: workDir });
  // Keep the tail of stderr so a failed start can say why (port in use, bad data file, …).
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  // If this Node process ends without calling stop() (crash, process.exit), do not leave Java behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);
  // 'exit' may not fire when the spawn itself fails, so an 'error' also counts as exited.
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', (e) => {
      stderr += `\n${e.message}`;
      resolve(-1);
    });
  });

  const stop = async () => {
    process.off('exit', killOnExit);
    await killAndWait(child, exited);
    await rm(launchFile, { force: true });
    if (opts.pidFile) await forgetChild(opts.pidFile);
  };

  const endpoint = `http://${reachHost()}:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  let upgraded = false;
  try {
    const tables = await waitReady(client, exited, () => stderr);
    await rm(launchFile, { force: true }); // read at start; nothing left behind in the data folder
    if (!tables.includes(opts.tableName))
      await client.send(new CreateTableCommand(createTableInput(opts.tableName)));
    else {
      upgraded = await addMissingIndexes(client, opts.tableName);
      await enableStream(client, opts.tableName);
    }
    const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: opts.tableName }));
    if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
      await client.send(
        new UpdateTimeToLiveCommand({
          TableName: opts.tableName,
          TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
        }),
      );
    }
  } catch (e) {
    await stop();
    throw e;
  } finally {
    client.destroy();
  }
  return { endpoint, port, upgraded, stop };
}

/** A table kept from an earlier start gets the global indexes added to the definition since. */
async function addMissingIndexes(client: DynamoDBClient, tableName: string): Promise<boolean> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  const have = new Set((Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName));
  const wanted = createTableInput(tableName);
  const missing = wanted.GlobalSecondaryIndexes.filter((g) => !have.has(g.IndexName));
  for (const g of missing) {
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: wanted.AttributeDefinitions,
        GlobalSecondaryIndexUpdates: [{ Create: g }],
      }),
    );
  }
  // Queries of an index fail until it is active (DynamoDB Local builds it from the items meanwhile).
  for (let waited = 0; missing.length > 0; waited += 200) {
    const { Table: t } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if ((t?.GlobalSecondaryIndexes ?? []).every((g) => g.IndexStatus === 'ACTIVE')) break;
    if (waited > 120_000)
      throw new EngineError('DynamoDB Local: a new index did not become active in 2 minutes.');
    await new Promise((r) => setTimeout(r, 200));
  }
  return missing.length > 0;
}

/** A table kept from a start before live updates gets its stream (new and old images). */
async function enableStream(client: DynamoDBClient, tableName: string): Promise<void> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  if (Table?.StreamSpecification?.StreamEnabled) return;
  await client.send(
    new UpdateTableCommand({
      TableName: tableName,
      StreamSpecification: { StreamEnabled: true, StreamViewType: tableDefinition.streamViewType },
    }),
  );
}

/** Polls ListTables until the JVM answers (about 3–5 s), failing fast if Java exits. */
async function waitReady(
  client: DynamoDBClient,
  exited: Promise<number | null>,
  stderr: () => string,
): Promise<string[]> {
  let exitCode: number | null | undefined;
  void exited.then((c) => {
    exitCode = c;
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new EngineError(`DynamoDB Local exited (code ${exitCode}) while starting:\n${stderr().trim()}`);
    }
    try {
      return (await client.send(new ListTablesCommand({}))).TableNames ?? [];
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new EngineError(
    `DynamoDB Local did not answer within ${READY_TIMEOUT_MS / 1000} s:\n${stderr().trim()}`,
  );
}

/** SIGTERM, then SIGKILL after 5 s; resolves once the process has exited. */
export async function killAndWait(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
