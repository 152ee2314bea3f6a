import { BODY_LIMIT, installJsonBody } from './http/body';
import formbody from '@fastify/formbody';
import { API_KEY_HEADER } from '@portal/contracts';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { createHttpCardProvider } from './adapters/card/http';
import { createDisabledCardProvider } from './adapters/card/provider';
import { createSandboxCardProvider } from './adapters/card/sandbox';
import { sandboxPageRoutes } from './adapters/card/sandbox-page';
import { CARD_SIGNATURE_HEADER } from './adapters/card/webhook';
import { createOutboxBot, createTelegramBot, type TBot } from './adapters/bot';
import { createOutboxMailer, createSmtpMailer, type TMailer } from './adapters/mail';
import { createDevChain } from './adapters/chain/dev-chain';
import { createDisabledChain } from './adapters/chain/disabled';
import { createEvmChain } from './adapters/chain/evm';
import { createDevChainCalls } from './modules/deposits/dev-chain';
import { depositJobs } from './modules/deposits/jobs';
import { depositRoutes, devChainRoutes } from './modules/deposits/routes';
import { createDeposits } from './modules/deposits/service';
import { createWatcher } from './modules/deposits/watcher';
import type { TConfig } from './config';
import type { Database } from './db/client';
import { installSecurityHeaders, serveWebApp } from './http/delivery';
import { legalRoutes } from './modules/legal/routes';
import { createLegal } from './modules/legal/service';
import { loggableError } from './db/errors';
import { installErrorHandler } from './http/error-handler';
import { installZodValidation, requestJsonSchema } from './http/route';
import { bootstrapAccounts, type TCreatedSuperuser } from './modules/accounts/bootstrap';
import { createRecovery } from './modules/accounts/recovery';
import { accountRoutes } from './modules/accounts/routes';
import { createAccounts } from './modules/accounts/service';
import { adminRoutes } from './modules/admin/routes';
import { apiKeyRoutes } from './modules/api-keys/routes';
import { servicesRoutes } from './read-models/services/routes';
import { createServices } from './read-models/services/service';
import { findWikiDir, loadWiki } from './modules/wiki/content';
import { wikiRoutes } from './modules/wiki/routes';
import { createWiki } from './modules/wiki/service';
import { createApiKeys } from './modules/api-keys/service';
import { cardJobs } from './modules/card/jobs';
import { cardRoutes } from './modules/card/routes';
import { createCardPayments } from './modules/card/service';
import { createAdmin } from './modules/admin/service';
import { mfaRoutes } from './modules/mfa/routes';
import { createMfa } from './modules/mfa/service';
import { auditRoutes } from './modules/audit/routes';
import { createRateLimiter } from './modules/rate-limit/service';
import { rateLimitJobs } from './modules/rate-limit/jobs';
import { sessionJobs } from './modules/sessions/jobs';
import { idempotencyJobs } from './modules/idempotency/jobs';
import { accountJobs } from './modules/accounts/jobs';
import { bearerToken, createSessions } from './modules/sessions/service';
import { fail } from './http/errors';
import { deriveKey } from './lib/crypto';
import { storedAnswer } from './modules/idempotency/service';
import { findUserById } from './modules/accounts/repo';
import { ledgerRoutes } from './modules/ledger/routes';
import { statementRoutes } from './modules/statement/routes';
import { withdrawalRoutes } from './modules/withdrawals/routes';
import { dftRoutes } from './modules/dft/routes';
import { dftJobs } from './modules/dft/jobs';
import { rateRoutes } from './modules/rates/routes';
import { startJobs, type TJob } from './jobs/scheduler';
import { createWakeups } from './db/wakeups';
import { createWithdrawals } from './modules/withdrawals/service';
import { catalogRoutes } from './modules/catalog/routes';
import { createCatalog } from './modules/catalog/service';
import { configRoutes } from './modules/configs/routes';
import { createConfigs } from './modules/configs/service';
import { createSettings } from './modules/configs/settings';
import { blackFridayDiscount, createPromotions } from './read-models/promotions/service';
import { orderRoutes } from './modules/orders/routes';
import { createOrders } from './modules/orders/service';
import { orderJobs } from './modules/orders/jobs';
import { productRoutes } from './modules/products/routes';
import { tariffRoutes } from './modules/tariffs/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { createDashboard } from './modules/dashboard/service';
import { compensationRoutes } from './modules/compensation/routes';
import { explanationRoutes } from './read-models/explanations/routes';
import { createExplanations } from './read-models/explanations/service';
import { createTariffs } from './modules/tariffs/service';
import { tariffJobs } from './modules/tariffs/jobs';
import { promocodeRoutes } from './modules/promocodes/routes';
import { createPromocodes, promocodeDiscount } from './modules/promocodes/service';
import { partnerRoutes } from './read-models/partners/routes';
import { reportRoutes } from './read-models/reports/routes';
import { createReports } from './read-models/reports/service';
import { detectFraudSignals } from './read-models/fraud/service';
import { fraudJobs } from './modules/fraud/jobs';
import { fraudRoutes } from './modules/fraud/routes';
import { createFraud } from './modules/fraud/service';
import { addressOwners, createPartners } from './read-models/partners/service';
import { teamRoutes } from './read-models/team/routes';
import { createTeam } from './read-models/team/service';
import { teamStatsRoutes } from './modules/team-stats/routes';
import { promotionRoutes } from './read-models/promotions/routes';
import { createTeamStats } from './modules/team-stats/service';
import { teamStatsJobs } from './modules/team-stats/jobs';
import { bonusLineDetails, PLAN } from './modules/compensation/service';
import { compensationJobs } from './modules/compensation/jobs';
import { createProducts } from './modules/products/service';
import { productJobs } from './modules/products/jobs';
import { ticketRoutes } from './modules/tickets/routes';
import { createTickets } from './modules/tickets/service';
import { giftCertificateRoutes } from './modules/gift-certificates/routes';
import { createGiftCertificates } from './modules/gift-certificates/service';
import { giftCertificateJobs } from './modules/gift-certificates/jobs';
import { notificationJobs } from './modules/notifications/jobs';
import { chatbotRoutes, devBotRoutes } from './modules/notifications/routes';
import { createChatbot } from './modules/notifications/service';
import { validatorKeyRoutes } from './modules/validator-keys/routes';
import { validatorKeyJobs } from './modules/validator-keys/jobs';
import { createValidatorKeys } from './modules/validator-keys/service';

export type TAppOptions = {
  config: TConfig;
  /** Migrated already; the caller owns it and closes it after the app. */
  database: Database;
  /** The mail adapter; by default SMTP when configured, else the outbox table. */
  mailer?: TMailer;
  /** The chat bot adapter; by default Telegram when TELEGRAM_BOT_TOKEN is set, else the bot outbox. */
  bot?: TBot;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
  /** The time the windows and the prices are decided by (tests set it); the system clock by default. */
  clock?: () => Date;
  /**
   * Told the development superuser this start created (its password exists nowhere else): main.ts
   * prints it once the server listens. Without it, it goes to the log.
   */
  onSuperuserCreated?: (superuser: TCreatedSuperuser) => void;
};

/** Builds the server: used by main.ts and by every test (through app.inject). */
export async function buildApp({
  config,
  database,
  mailer,
  bot: botAdapter,
  logStream,
  clock = () => new Date(),
  onSuperuserCreated,
}: TAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      // Paths only: a query string can carry a one-time token (email confirmation links).
      serializers: {
        req: (request) => ({
          method: request.method,
          url: String(request.url).split('?')[0],
          ip: request.ip,
        }),
        // A failed query without its parameters (db/errors.ts).
        err: (error: Error) => loggableError(error),
      },
    },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    // The spec writes its calls with a trailing slash; a client that leaves it off reaches the
    // same route, never a 404 (docs/decisions.md "Trailing slashes").
    routerOptions: { ignoreTrailingSlash: true },
  });

  installZodValidation(app);
  installJsonBody(app);
  installErrorHandler(app);
  await installSecurityHeaders(app, config.publicUrl);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: config.avatarMaxBytes, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.appName} API`, version: '1' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Read-only: only the operations that list it accept a key (docs/decisions.md "API keys").
          apiKey: { type: 'apiKey', in: 'header', name: API_KEY_HEADER },
        },
      },
    },
    transform: ({ schema, url }) => {
      const { body, querystring, params, ...rest } = (schema ?? {}) as Record<string, unknown>;
      const transformed: Record<string, unknown> = { ...rest };
      if (body) transformed.body = requestJsonSchema(body);
      if (querystring) transformed.querystring = requestJsonSchema(querystring);
      if (params) transformed.params = requestJsonSchema(params);
      return { schema: transformed, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const { db, readDb } = database;
  const superuser = await bootstrapAccounts(db, config);
  if (superuser && onSuperuserCreated) onSuperuserCreated(superuser);
  else if (superuser)
    app.log.warn(`Development superuser created: ${superuser.email} / ${superuser.password}`);

  const rateLimiter = createRateLimiter({ db });
  const sessions = createSessions({ db, config });
  const mfa = createMfa({
    db,
    config,
    rateLimiter,
    emailOf: async (userId) => (await findUserById(db, userId))?.email,
    // The partner hears of a reset by support (recovery mails them; it is made below).
    onReset: (userId) => recovery.noticeMfaReset(userId),
  });
  const mail =
    mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(db));
  const accounts = createAccounts({ db, config, sessions, mfa, rateLimiter, clock });
  const recovery = createRecovery({ db, config, sessions, mfa, rateLimiter, mailer: mail });
  const admin = createAdmin({ db });
  // Never in production, whatever else says so (config.ts refuses the switches there too).
  const sandboxCards = config.card.sandbox && config.env !== 'production';
  // The sandbox provider runs inside the portal: its payment page is served at /card-sandbox/pay,
  // and its signed webhooks go through the portal's own HTTP pipeline (app.inject: the body
  // parser, the signature check and the route, as a delivery over the network would).
  const cardSandbox = sandboxCards
    ? createSandboxCardProvider({
        secret: deriveKey(config.secretKey, 'card-sandbox').toString('hex'),
        pageUrl: `${config.publicUrl}/card-sandbox/pay`,
        deliver: async (body, signature) =>
          (
            await app.inject({
              method: 'POST',
              url: '/api/v1/cardpayment/webhook/',
              headers: { 'content-type': 'application/json', [CARD_SIGNATURE_HEADER]: signature },
              payload: body,
            })
          ).statusCode,
      })
    : null;
  // The settings an admin changes at runtime (windows, rates, withdrawal fees), read by each rule when it runs.
  const settings = createSettings({ db, config, planVersion: PLAN.version });
  await settings.refresh();
  const cards = createCardPayments({
    db,
    // The sandbox authorizes any well-formed card: only where config.ts switches it on.
    provider: config.card.providerUrl
      ? createHttpCardProvider({
          baseUrl: config.card.providerUrl,
          apiKey: config.card.providerKey,
          webhookSecret: config.card.webhookSecret!,
        })
      : (cardSandbox ?? createDisabledCardProvider()),
    card: config.card,
    usdtEurRate: () => settings.current().rates.usdtEur,
    publicUrl: config.publicUrl,
    amountMax: config.amountMax,
    log: app.log,
  });
  if (cardSandbox) sandboxPageRoutes(app, cardSandbox, '/card-sandbox/pay');

  // A real node when configured; the development chain only where config.ts switches it on.
  const { rpcUrl } = config.chain;
  const devChain =
    !rpcUrl && config.chain.dev && config.env !== 'production'
      ? createDevChain({ db, chain: config.chain })
      : null;
  const chain = rpcUrl ? createEvmChain(config.chain, rpcUrl) : (devChain ?? createDisabledChain());
  if (devChain) {
    app.log.warn('development chain is on: anyone can send its tokens to any deposit address (DEV_CHAIN)');
  }
  if (sandboxCards) {
    app.log.warn(
      'sandbox card provider is on: any well-formed card is authorized on its page (CARD_SANDBOX)',
    );
  }
  const watcher = createWatcher({
    db,
    config,
    chain,
    onRejected: (log) =>
      app.log.error({ rejectedLog: log }, 'chain log rejected: it is kept for admins to look into'),
    onOrderPaymentError: (error, orderId) =>
      app.log.error(
        { err: error, orderId },
        'an order was not paid from its credited invoice; it keeps waiting',
      ),
    onKeyPaymentError: (error, keyId) =>
      app.log.error({ err: error, keyId }, 'a validator key was not paid from its credited invoice'),
  });
  const deposits = createDeposits({ db, config, watcher });

  const configs = createConfigs({ settings: settings.current, hotWinter: config.hotWinter, clock });
  app.decorate('inMaintenance', () => configs.inMaintenance());
  app.decorate('storedAnswer', (idempotency) => storedAnswer(db, idempotency));
  app.decorate('idempotencyHashKey', deriveKey(config.secretKey, 'idempotency-request-hash'));
  app.decorate('authenticate', async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw fail.unauthenticated();
    return sessions.verify(token);
  });

  const apiKeys = createApiKeys({
    db,
    rateLimiter,
    requestsPerMinute: config.apiKeyRequestsPerMinute,
  });
  app.decorate('authenticateApiKey', (key) => apiKeys.authenticate(key));

  app.get('/api/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  configRoutes(app, { configs, settings });
  accountRoutes(app, {
    accounts,
    recovery,
    sessions,
    avatarMaxBytes: config.avatarMaxBytes,
    addressOwners: (search) => addressOwners(readDb, search),
  });
  mfaRoutes(app, { mfa });
  apiKeyRoutes(app, { apiKeys });
  servicesRoutes(app, { services: createServices({ db, ...config.services, clock }) });
  wikiRoutes(app, { wiki: createWiki(loadWiki(findWikiDir())) });
  adminRoutes(app, { admin });
  auditRoutes(app, { db });
  // The reads that tolerate a replica's lag read `readDb` (docs/scaling.md "Read replicas").
  statementRoutes(app, { db: readDb, lineDetailsOf: bonusLineDetails, partnerOf: findUserById, clock });
  withdrawalRoutes(app, {
    withdrawals: createWithdrawals({
      db,
      config,
      rules: () => settings.current().withdrawals,
      mfa,
      rateLimiter,
    }),
  });
  dftRoutes(app, { db });
  rateRoutes(app, { db, rates: () => settings.current().rates });
  ledgerRoutes(app, {
    db,
    amountMax: config.amountMax,
    isPartner: async (tx, userId) => {
      const user = await findUserById(tx, userId);
      return user !== undefined && !user.isCompanyRoot;
    },
  });
  depositRoutes(app, { deposits });
  if (devChain) devChainRoutes(app, { devChain: createDevChainCalls(devChain, config.amountMax) });
  cardRoutes(app, { cards });

  // ---- shop (issue 7) ----
  // The pricing step's rules: Black Friday off tariffs inside its window (modules/promotions).
  const catalog = createCatalog({
    db,
    amountMax: config.amountMax,
    clock,
    discounts: [blackFridayDiscount(configs)],
    // Promo codes named by a purchase (modules/promocodes): checked and priced here, spent at payment.
    promocode: promocodeDiscount,
  });
  catalogRoutes(app, { catalog });
  const orders = createOrders({ db, catalog, accounts });
  orderRoutes(app, { orders });
  // products (virtual nodes, token packs, offers, purchases by the unit)
  productRoutes(app, { products: createProducts({ db, catalog }) });

  // tariffs (packages)
  const tariffs = createTariffs({ db, catalog, hotWinter: config.hotWinter, clock });
  tariffRoutes(app, { tariffs });
  // On the primary: support reads a partner right after acting on them (a note, a block).
  partnerRoutes(app, {
    partners: createPartners({ db, accounts, tariffs, lineDetailsOf: bonusLineDetails }),
  });
  // Reports read what tolerates a replica's lag: figures over past days.
  reportRoutes(app, { reports: createReports({ db: readDb }) });
  // Fraud signals: the check reads across modules (read-models/fraud); the module records them.
  const fraud = createFraud({
    db,
    signupBurst: config.fraud.signupBurst,
    detect: (rules) => detectFraudSignals(db, rules),
  });
  fraudRoutes(app, { fraud });
  promocodeRoutes(app, { promocodes: createPromocodes({ db, clock }), tariffs });
  explanationRoutes(app, { explanations: createExplanations({ db: readDb }) });
  compensationRoutes(app, { db });
  dashboardRoutes(app, { dashboard: createDashboard({ db }) });

  // ---- team (issue 9): trees, lists and search (modules/team); counters and statistics (modules/team-stats) ----
  teamRoutes(app, { team: createTeam({ db: readDb }) });
  teamStatsRoutes(app, { teamStats: createTeamStats({ db: readDb }) });
  // Seasonal promotions' status calls (compensation-plan.md section 9).
  promotionRoutes(app, { promotions: createPromotions({ db, configs }) });

  // event tickets and gift certificates
  ticketRoutes(app, { tickets: createTickets({ db, catalog }) });
  giftCertificateRoutes(app, { gifts: createGiftCertificates({ db, catalog }) });
  // validator keys
  const validatorKeys = createValidatorKeys({ db, catalog });
  validatorKeyRoutes(app, { validatorKeys });

  // ---- notifications (issue 10): the chat bot and the notice worker (docs/decisions.md "Notifications") ----
  const { telegram } = config;
  const bot =
    botAdapter ??
    (telegram.token
      ? createTelegramBot({ token: telegram.token, baseUrl: telegram.apiUrl })
      : createOutboxBot(db));
  const chatbot = createChatbot({
    db,
    bot,
    telegram,
    appName: config.appName,
    clock,
    onSendError: (error) => app.log.warn({ err: error }, 'the bot could not answer in a chat'),
  });
  chatbotRoutes(app, { chatbot });
  // Anyone may link any chat through it: only with the outbox bot, and only where the development
  // chain runs (its switch: never in production, on PostgreSQL only with DEV_CHAIN=true).
  if (devChain && bot.kind === 'outbox') {
    devBotRoutes(app, { chatbot, webhookSecret: telegram.webhookSecret });
  }
  // legal documents (issue 10): PDFs per language, English as fallback
  legalRoutes(app, { legal: createLegal({ dir: config.legalDir }) });

  // Every background job of the portal, in one list (src/jobs/scheduler.ts): workers drain what
  // waits in the database; scheduled jobs run on the persisted schedule, each slot once.
  const jobs: TJob[] = [
    ...rateLimitJobs({ rateLimiter, windowSeconds: config.rateLimits.windowSeconds }),
    ...sessionJobs({ db }),
    ...idempotencyJobs({ db }),
    ...accountJobs({ db }),
    ...orderJobs({ orders }),
    ...productJobs({ db }),
    ...tariffJobs({ tariffs }),
    ...compensationJobs({ db, fold: config.fold }),
    ...teamStatsJobs({ db, everyMs: config.team.everyMs }),
    ...giftCertificateJobs({ db }),
    ...validatorKeyJobs({ db, config, validatorKeys }),
    ...dftJobs({ db }),
    ...depositJobs({ config, watcher, deposits, devChain }),
    ...cardJobs({ cards, log: app.log }),
    ...fraudJobs({ fraud, everyMs: config.fraud.everyMs }),
    ...notificationJobs({
      db,
      mailer: mail,
      bot,
      everyMs: config.notices.everyMs,
      batchSize: config.notices.batchSize,
      site: { app: config.appName, url: config.publicUrl },
      onError: (error, noticeId) => app.log.warn({ err: error, noticeId }, 'a notice was not sent'),
    }),
  ];
  // A call that committed work wakes the workers that drain it, here and in every other process.
  const wakeups = createWakeups({
    db,
    listenUrl: config.databaseListenUrl,
    onError: (error) => app.log.warn({ err: error }, 'a wake-up of the workers was lost'),
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) wakeups.wake();
    done();
  });
  if (config.jobs) {
    const runner = await startJobs({ db, jobs, log: app.log, wakeups, clock });
    app.addHook('onClose', () => runner.stop());
  }
  app.addHook('onClose', () => wakeups.close());

  serveWebApp(app, config.webDist);
  return app;
}
