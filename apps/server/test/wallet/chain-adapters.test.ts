import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { keccak256, stringToHex } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { createDevChain, type TDevChain } from '../../src/adapters/chain/dev-chain';
import { devChainRpcServer } from '../../src/adapters/chain/dev-chain-rpc';
import { createEvmChain } from '../../src/adapters/chain/evm';
import { TRANSFER_TOPIC } from '../../src/adapters/chain/types';
import { chainRejectedLogs } from '../../src/schema';
import { createWatcher } from '../../src/modules/deposits/watcher';
import { depositInvoice, depositsApp, devTransfer } from '../helpers/chain';
import { registerPartner } from '../helpers/factories';
import { balances } from '../helpers/money';

const THIRD_TOKEN = '0x' + '3c'.repeat(20);
const ALICE = '0x' + 'a1'.repeat(20);
const BOB = '0x' + 'b0'.repeat(20);

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** The development chain's JSON-RPC endpoint on an ephemeral local port. */
async function rpcEndpoint(devChain: TDevChain): Promise<string> {
  const server = devChainRpcServer(devChain);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function rpc(url: string, method: string, params: unknown[] = []) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await response.json()) as { result?: any; error?: { code: number } };
}

describe('the development chain', () => {
  it('keeps its blocks and logs in the database, shared by every process', async () => {
    const { app, config, devChain } = await depositsApp();
    const other = createDevChain({ db: app.database.db, chain: config.chain });
    expect(await devChain.headNumber()).toBe(0);
    const { hash } = await devChain.transfer({
      to: ALICE.toUpperCase().replace('0X', '0x'),
      currency: 'DXN',
      amount: '1.5',
    });
    // Waiting for the next block, whoever mines it.
    expect(await other.transfers(0, 10)).toEqual([]);
    expect(await other.mine(2)).toBe(2);
    expect(await devChain.headNumber()).toBe(2);
    expect(await devChain.transfers(0, 2)).toEqual([
      {
        txHash: hash,
        logIndex: 0,
        blockNumber: 1,
        contract: config.chain.contracts.DXN.toLowerCase(),
        from: expect.stringMatching(/^0x[0-9a-f]{40}$/),
        to: ALICE,
        value: 1_500_000_000_000_000_000n,
      },
    ]);
    expect(await devChain.transfers(2, 2)).toEqual([]);
  });

  it('mines one block per interval, whatever the number of processes', async () => {
    const { app, config, devChain } = await depositsApp();
    const other = createDevChain({ db: app.database.db, chain: config.chain });
    await Promise.all([devChain.mineIfDue(60_000), other.mineIfDue(60_000), devChain.mineIfDue(60_000)]);
    expect(await devChain.headNumber()).toBe(1);
    await devChain.mineIfDue(1);
    expect(await devChain.headNumber()).toBe(2);
  });

  it('numbers the logs of a block in order and refuses amounts the token cannot hold', async () => {
    const { devChain } = await depositsApp({ decimals: { USDT: 6, DXN: 2 } });
    const first = await devChain.transfer({ to: ALICE, currency: 'USDT', amount: '1.25' });
    const second = await devChain.transfer({ to: BOB, currency: 'USDT', amount: '2' });
    await expect(devChain.transfer({ to: BOB, currency: 'DXN', amount: '0.001' })).rejects.toThrow(/amount/);
    await expect(devChain.transfer({ to: 'bob', currency: 'DXN', amount: '1' })).rejects.toThrow(/to/);
    await devChain.mine();
    expect((await devChain.transfers(1, 1)).map((log) => [log.txHash, log.logIndex, log.value])).toEqual([
      [first.hash, 0, 1_250_000n],
      [second.hash, 1, 2_000_000n],
    ]);
  });
});

describe('the EVM adapter (viem) against the development chain JSON-RPC endpoint', () => {
  it('answers exactly the transfer logs the development chain holds, across 1,000-block ranges', async () => {
    const { config, devChain } = await depositsApp();
    const url = await rpcEndpoint(devChain);
    const evm = createEvmChain(config.chain, url);

    await devChain.transfer({ to: ALICE, currency: 'USDT', amount: '12.345678' });
    await devChain.transfer({ to: BOB, currency: 'DXN', amount: '0.00000001' });
    await devChain.emit({ contract: THIRD_TOKEN, to: ALICE, value: 99n });
    await devChain.mine(1);
    await devChain.mine(1200);
    await devChain.transfer({ to: BOB, currency: 'USDT', amount: '3' });
    await devChain.emit({ contract: THIRD_TOKEN, to: BOB, value: 1n });
    await devChain.transfer({ to: ALICE, currency: 'USDT', amount: '1' });
    await devChain.mine(2);
    const head = await devChain.headNumber();

    expect(await evm.headNumber()).toBe(head);
    const expected = await devChain.transfers(0, head);
    expect(expected.map((log) => [log.blockNumber, log.to])).toEqual([
      [1, ALICE],
      [1, BOB],
      [1202, BOB],
      [1202, ALICE],
    ]);
    expect(await evm.transfers(0, head)).toEqual(expected);
    expect(await evm.transfers(2, 1201)).toEqual([]);
    expect(await evm.transfers(1202, 1202)).toEqual(expected.slice(2));
    expect(evm.name).toBe('bsc');
  });

  it('serves the logs in the wire format of a real node, filtered by address and topics', async () => {
    const { config, devChain } = await depositsApp();
    const url = await rpcEndpoint(devChain);
    const { hash } = await devChain.transfer({ to: ALICE, currency: 'USDT', amount: '2' });
    await devChain.transfer({ to: BOB, currency: 'USDT', amount: '3' });
    await devChain.emit({ contract: THIRD_TOKEN, to: ALICE, value: 5n });
    await devChain.mine(1);

    expect(TRANSFER_TOPIC).toBe(keccak256(stringToHex('Transfer(address,address,uint256)')));
    expect((await rpc(url, 'eth_chainId')).result).toBe('0x38');
    expect((await rpc(url, 'eth_blockNumber')).result).toBe('0x1');
    const toAlice = `0x${ALICE.slice(2).padStart(64, '0')}`;
    const logs = await rpc(url, 'eth_getLogs', [
      {
        address: [config.chain.contracts.USDT],
        topics: [TRANSFER_TOPIC, null, [toAlice]],
        fromBlock: '0x0',
        toBlock: 'latest',
      },
    ]);
    expect(logs.result).toEqual([
      {
        address: config.chain.contracts.USDT.toLowerCase(),
        topics: [TRANSFER_TOPIC, expect.stringMatching(/^0x0{24}[0-9a-f]{40}$/), toAlice],
        data: `0x${(2n * 10n ** 18n).toString(16).padStart(64, '0')}`,
        blockNumber: '0x1',
        blockHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        transactionHash: hash,
        transactionIndex: '0x0',
        logIndex: '0x0',
        removed: false,
      },
    ]);
    const allContracts = await rpc(url, 'eth_getLogs', [
      { fromBlock: 'earliest', topics: [[TRANSFER_TOPIC]] },
    ]);
    expect(allContracts.result).toHaveLength(3);
    expect((await rpc(url, 'eth_getLogs', [{ fromBlock: '0x2', toBlock: 'latest' }])).result).toEqual([]);
    expect((await rpc(url, 'eth_sendRawTransaction', ['0x00'])).error?.code).toBe(-32601);
    expect((await rpc(url, 'eth_getLogs', [{ fromBlock: 'soon' }])).error?.code).toBe(-32602);
  });

  it('asks in smaller ranges when the node answers that a range has too many results', async () => {
    const { config, devChain } = await depositsApp();
    const upstream = await rpcEndpoint(devChain);
    // A node that refuses eth_getLogs over more than 100 blocks, as public nodes do (-32005).
    const asked: number[] = [];
    const strict = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const call = JSON.parse(body);
        const filter = call.params?.[0];
        if (call.method === 'eth_getLogs') {
          const width = Number(BigInt(filter.toBlock) - BigInt(filter.fromBlock)) + 1;
          asked.push(width);
          if (width > 100) {
            response.writeHead(200, { 'content-type': 'application/json' });
            response.end(
              JSON.stringify({
                jsonrpc: '2.0',
                id: call.id,
                error: { code: -32005, message: 'query returned more than 10000 results' },
              }),
            );
            return;
          }
        }
        void fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
          .then((answer) => answer.text())
          .then((text) => {
            response.writeHead(200, { 'content-type': 'application/json' });
            response.end(text);
          });
      });
    });
    await new Promise<void>((resolve) => strict.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => strict.close(() => resolve())));
    const evm = createEvmChain(config.chain, `http://127.0.0.1:${(strict.address() as AddressInfo).port}`);

    await devChain.mine(150);
    await devChain.transfer({ to: ALICE, currency: 'USDT', amount: '1' });
    await devChain.mine(200);
    const head = await devChain.headNumber();
    expect(await evm.transfers(0, head)).toEqual(await devChain.transfers(0, head));
    expect((await evm.transfers(0, head)).map((log) => log.blockNumber)).toEqual([151]);
    expect(Math.max(...asked.filter((width) => width <= 100))).toBeLessThanOrEqual(100);
    expect(asked[0]).toBe(head + 1);
  });

  it('refuses a node of another chain than CHAIN_ID', async () => {
    const { config, devChain } = await depositsApp();
    const url = await rpcEndpoint(devChain);
    const testnet = createEvmChain({ ...config.chain, chainId: 97 }, url);
    await expect(testnet.headNumber()).rejects.toThrow(/not CHAIN_ID 97/);
  });

  it('lets the watcher credit deposits read through JSON-RPC, from the head it first saw', async () => {
    const { app, config, devChain } = await depositsApp();
    const url = await rpcEndpoint(devChain);
    const watcher = createWatcher({ db: app.database.db, config, chain: createEvmChain(config.chain, url) });
    const partner = await registerPartner(app);
    const { address } = await depositInvoice(app, partner.token, 'USDT', '1');
    // Before the watcher's first read, further back than it reads again: a real chain's history
    // is not scanned.
    await devTransfer(app, address, 'USDT', '100');
    await devChain.mine(10);
    await watcher.run();
    await devTransfer(app, address, 'USDT', '1');
    await devChain.mine(3);
    await watcher.run();
    expect((await balances(app, partner.token)).usdt).toBe('1.000000');
  });
});

describe('a malformed log read through JSON-RPC', () => {
  it('is kept as rejected with its reason, and the other logs are credited', async () => {
    const { app, config, devChain } = await depositsApp();
    const upstream = await rpcEndpoint(devChain);
    // A node that answers one Transfer log of the USDT contract without its amount (no data word).
    let broken = '';
    const node = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        void fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
          .then((answer) => answer.json())
          .then((answer: any) => {
            if (Array.isArray(answer.result)) {
              for (const log of answer.result) if (log.transactionHash === broken) log.data = '0x';
            }
            response.writeHead(200, { 'content-type': 'application/json' });
            response.end(JSON.stringify(answer));
          });
      });
    });
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => node.close(() => resolve())));
    const told: unknown[] = [];
    const watcher = createWatcher({
      db: app.database.db,
      config,
      chain: createEvmChain(config.chain, `http://127.0.0.1:${(node.address() as AddressInfo).port}`),
      onRejected: (log) => told.push(log),
    });
    const partner = await registerPartner(app);
    const { address } = await depositInvoice(app, partner.token, 'USDT', '1');
    await watcher.run();
    broken = await devTransfer(app, address, 'USDT', '500');
    await devTransfer(app, address, 'USDT', '1');
    await devChain.mine(3);
    await watcher.run();
    await watcher.run();

    expect((await balances(app, partner.token)).usdt).toBe('1.000000');
    expect(await app.database.db.select().from(chainRejectedLogs)).toEqual([
      expect.objectContaining({
        txHash: broken,
        toAddress: address.toLowerCase(),
        userId: partner.id,
        reason: expect.stringMatching(/^malformed log/),
      }),
    ]);
    expect(told).toHaveLength(1);
  });
});
