import { createServer } from 'node:http';
import { verifyWebhook } from '@countersign/webhooks';

createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const rawBody = Buffer.concat(chunks);
    const header = req.headers['x-service-signature'];
    try {
      verifyWebhook({ rawBody, header, secret: process.env.COUNTERSIGN_WEBHOOK_SECRET ?? '' });
    } catch {
      res.writeHead(400).end(); // WebhookVerificationError: err.code says why
      return;
    }
    const event = JSON.parse(rawBody.toString('utf8')); // skip if req.headers['webhook-id'] was seen already
    console.log(event.type);
    res.writeHead(204).end();
  });
}).listen(3000);
