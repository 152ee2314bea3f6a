// The baseline of the benchmark: a bare Fastify process with one route, nothing else.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'ok' }));
app.post('/bare', async () => ({ id: 1, email: 'partner@example.com', balances: { usdt: '0.000000' } }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
