import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { TDevChain, TDevLog } from './dev-chain';
import { TRANSFER_TOPIC } from './types';

type TRequest = { jsonrpc?: string; id?: unknown; method?: unknown; params?: unknown };
type TTopicFilter = (string | string[] | null)[];

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const hex = (value: number | bigint) => `0x${value.toString(16)}`;
const word = (value: bigint) => `0x${value.toString(16).padStart(64, '0')}`;
const addressTopic = (address: string) => `0x${address.slice(2).padStart(64, '0')}`;

/**
 * A minimal Ethereum JSON-RPC endpoint over the development chain (eth_chainId,
 * eth_blockNumber, eth_getLogs in the real wire format), so that the EVM adapter can be tested
 * against it. Not mounted in the app: tests listen on it.
 */
export function devChainRpcServer(devChain: TDevChain): Server {
  return createServer((request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST') return reply(405, { error: 'POST only' });
    readJson(request)
      .then(async (body) => {
        const answer = Array.isArray(body)
          ? await Promise.all(body.map((one) => answerOne(devChain, one as TRequest)))
          : await answerOne(devChain, body as TRequest);
        reply(200, answer);
      })
      .catch(() => reply(200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
  });
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 1024 * 1024) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

async function answerOne(devChain: TDevChain, request: TRequest) {
  const id = request?.id ?? null;
  try {
    return { jsonrpc: '2.0', id, result: await call(devChain, request) };
  } catch (error) {
    const { code, message } = error instanceof RpcError ? error : { code: -32603, message: 'Internal error' };
    return { jsonrpc: '2.0', id, error: { code, message } };
  }
}

async function call(devChain: TDevChain, request: TRequest): Promise<unknown> {
  const params = Array.isArray(request?.params) ? (request.params as unknown[]) : [];
  switch (request?.method) {
    case 'eth_chainId':
      return hex(devChain.chainId);
    case 'eth_blockNumber':
      return hex(await devChain.headNumber());
    case 'eth_getLogs':
      return getLogs(devChain, params[0]);
    default:
      throw new RpcError(-32601, 'Method not found');
  }
}

async function getLogs(devChain: TDevChain, filter: unknown) {
  if (!filter || typeof filter !== 'object') throw new RpcError(-32602, 'Invalid params');
  const { address, topics, fromBlock, toBlock, blockHash } = filter as Record<string, unknown>;
  if (blockHash !== undefined) throw new RpcError(-32602, 'blockHash filters are not supported');
  const head = await devChain.headNumber();
  const contracts =
    address === undefined || address === null
      ? null
      : (Array.isArray(address) ? address : [address]).map((one) => lowerHex(one));
  const logs = await devChain.logs({
    fromBlock: blockOf(fromBlock, head),
    toBlock: blockOf(toBlock, head),
    contracts,
  });
  const topicFilter = topicsOf(topics);
  return logs.filter((log) => matches(topicFilter, topicsOfLog(log))).map(toWire);
}

function blockOf(tag: unknown, head: number): number {
  if (tag === undefined || tag === null) return head;
  if (tag === 'latest' || tag === 'safe' || tag === 'finalized' || tag === 'pending') return head;
  if (tag === 'earliest') return 0;
  if (typeof tag === 'string' && /^0x[0-9a-fA-F]+$/.test(tag)) return Number(BigInt(tag));
  throw new RpcError(-32602, 'Invalid block number');
}

function lowerHex(value: unknown): string {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]*$/.test(value))
    throw new RpcError(-32602, 'Invalid params');
  return value.toLowerCase();
}

function topicsOf(topics: unknown): TTopicFilter {
  if (topics === undefined || topics === null) return [];
  if (!Array.isArray(topics)) throw new RpcError(-32602, 'Invalid params');
  return topics.map((topic) => {
    if (topic === null) return null;
    if (Array.isArray(topic)) return topic.map(lowerHex);
    return lowerHex(topic);
  });
}

const topicsOfLog = (log: TDevLog) => [TRANSFER_TOPIC, addressTopic(log.from), addressTopic(log.to)];

/** Each position: null or [] takes anything, a topic must equal, a list must include. */
function matches(filter: TTopicFilter, topics: string[]): boolean {
  return filter.every((wanted, position) => {
    if (wanted === null || (Array.isArray(wanted) && wanted.length === 0)) return true;
    const topic = topics[position];
    if (topic === undefined) return false;
    return Array.isArray(wanted) ? wanted.includes(topic) : wanted === topic;
  });
}

function toWire(log: TDevLog) {
  return {
    address: log.contract,
    topics: topicsOfLog(log),
    data: word(log.value),
    blockNumber: hex(log.blockNumber),
    blockHash: log.blockHash,
    transactionHash: log.txHash,
    // One log per development transaction: its index in the block is the log's.
    transactionIndex: hex(log.logIndex),
    logIndex: hex(log.logIndex),
    removed: false,
  };
}
