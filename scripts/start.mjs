// `npm start`: the reference service with demo data and a real VS Code (code-server) with the
// packaged extension installed and pointed at it. Prints the URL to open; Ctrl-C stops everything.
import { launchDemo } from './demo-editor.mjs';
import { choosePort } from './ports.mjs';

const arg = (name, def, max = 65535) => {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return def;
  const value = Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value < 0 || value > max) {
    console.error(`--${name} takes a whole number from 0 to ${max}; got ${JSON.stringify(process.argv[i + 1] ?? '')}.`);
    process.exit(2);
  }
  return value;
};

const latencyMs = arg('latency', 120, 60_000);
const servicePort = await choosePort(arg('service-port', 4000), { what: 'the reference service', flag: '--service-port' });
const editorPort = await choosePort(arg('port', 8080), { what: 'VS Code', flag: '--port' });
console.log('Starting the Content Site demo: reference service + VS Code (code-server) with the extension…');
const demo = await launchDemo({ servicePort, editorPort, latencyMs, realClock: true });
console.log(`
Content Site reference service: ${demo.svc.url}  (demo tokens: cs-demo-token, cs-ed-token, cs-ann-token, cs-sub-token; OAuth client 12345)
VS Code with the extension:     ${demo.editor.url}

Open ${demo.editor.url} in a browser, click the Content Site icon in the activity bar and Sign In
(the reference service's authorize page opens: Approve). Ctrl-C stops everything.
`);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('Stopping…');
  await demo.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
