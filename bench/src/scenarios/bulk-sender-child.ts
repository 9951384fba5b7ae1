import { templateSendAt } from './template-send-client.ts';

/**
 * Template bulk sends back to back until stdin closes, in a process of its own (spawned by cancel-load.ts):
 * building and reading 1,000-entry bodies in the API's process would load the server with the client's work.
 * Prints `{"sends": n}` when done.
 */
const [url, token, templateId, entries] = process.argv.slice(2);
let running = true;
process.stdin.on('end', () => {
  running = false;
});
process.stdin.resume();
let sends = 0;
while (running) {
  await templateSendAt(url!, token!, templateId!, Number(entries));
  sends++;
}
process.stdout.write(`${JSON.stringify({ sends })}\n`);
process.exit(0);
