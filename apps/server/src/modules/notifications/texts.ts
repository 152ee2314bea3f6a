import type { TLanguage, TOrderStatus, TWithdrawalStatus } from '@portal/contracts';

type TTexts = {
  hello: string;
  deposit: string;
  bonus: string;
  withdrawal: Record<TWithdrawalStatus, string>;
  order: string;
  orderStatus: Record<TOrderStatus, string>;
  /** The mail's closing line, before the portal's address. */
  openPortal: string;
  /** The bot's answers in the chat. */
  linked: string;
  badCode: string;
  goodbye: string;
};

/**
 * The notices and the bot's answers in each interface language. `{amount}` is exact (every
 * digit the partner has, trailing zeros dropped), `{currency}` its code, `{number}` an order's.
 */
export const NOTICE_TEXTS: Record<TLanguage, TTexts> = {
  en: {
    hello: 'Hello {name},',
    deposit: 'Deposit credited: {amount} {currency}.',
    bonus: 'Bonus credited: {amount} {currency}.',
    withdrawal: {
      pending: 'Withdrawal of {amount} {currency} requested: it waits for approval.',
      approved: 'Withdrawal of {amount} {currency} approved.',
      sent: 'Withdrawal of {amount} {currency} sent.',
      rejected: 'Withdrawal of {amount} {currency} rejected: the amount is back on your balance.',
    },
    order: 'Order {number}: {status}.',
    orderStatus: {
      WAIT_PAYMENT: 'not paid',
      PAID: 'paid',
      PROCESSED: 'in processing',
      PREPARING_TO_SHIP: 'preparing to ship',
      SHIPPING: 'in transit',
      SHIPPED: 'delivered',
      Completed: 'completed',
      Canceled: 'canceled',
      Failed: 'failed',
    },
    openPortal: 'Details in the portal:',
    linked:
      'This chat is connected to {app}: notices will come here. To stop them, disconnect the bot in your profile.',
    badCode: 'This code is not valid or has expired. Get a new one in your profile ({app}) and send it here.',
    goodbye: 'This chat is disconnected from {app}: no more notices will come here.',
  },
  pt: {
    hello: 'Olá {name},',
    deposit: 'Depósito creditado: {amount} {currency}.',
    bonus: 'Bónus creditado: {amount} {currency}.',
    withdrawal: {
      pending: 'Levantamento de {amount} {currency} pedido: aguarda aprovação.',
      approved: 'Levantamento de {amount} {currency} aprovado.',
      sent: 'Levantamento de {amount} {currency} enviado.',
      rejected: 'Levantamento de {amount} {currency} recusado: o montante voltou ao seu saldo.',
    },
    order: 'Encomenda {number}: {status}.',
    orderStatus: {
      WAIT_PAYMENT: 'não paga',
      PAID: 'paga',
      PROCESSED: 'em processamento',
      PREPARING_TO_SHIP: 'a preparar o envio',
      SHIPPING: 'em trânsito',
      SHIPPED: 'entregue',
      Completed: 'concluída',
      Canceled: 'cancelada',
      Failed: 'falhada',
    },
    openPortal: 'Detalhes no portal:',
    linked:
      'Este chat está ligado a {app}: as notificações chegarão aqui. Para as parar, desligue o bot no seu perfil.',
    badCode: 'Este código não é válido ou expirou. Obtenha um novo no seu perfil ({app}) e envie-o aqui.',
    goodbye: 'Este chat foi desligado de {app}: não chegarão aqui mais notificações.',
  },
  BT: {
    hello: 'Olá {name},',
    deposit: 'Depósito creditado: {amount} {currency}.',
    bonus: 'Bônus creditado: {amount} {currency}.',
    withdrawal: {
      pending: 'Saque de {amount} {currency} solicitado: aguardando aprovação.',
      approved: 'Saque de {amount} {currency} aprovado.',
      sent: 'Saque de {amount} {currency} enviado.',
      rejected: 'Saque de {amount} {currency} recusado: o valor voltou para o seu saldo.',
    },
    order: 'Pedido {number}: {status}.',
    orderStatus: {
      WAIT_PAYMENT: 'não pago',
      PAID: 'pago',
      PROCESSED: 'em processamento',
      PREPARING_TO_SHIP: 'preparando o envio',
      SHIPPING: 'em trânsito',
      SHIPPED: 'entregue',
      Completed: 'concluída',
      Canceled: 'cancelado',
      Failed: 'falhou',
    },
    openPortal: 'Detalhes no portal:',
    linked:
      'Este chat está conectado ao {app}: as notificações vão chegar aqui. Para parar, desconecte o bot no seu perfil.',
    badCode: 'Este código não é válido ou expirou. Gere um novo no seu perfil ({app}) e envie aqui.',
    goodbye: 'Este chat foi desconectado do {app}: nenhuma notificação vai chegar aqui.',
  },
  ru: {
    hello: 'Здравствуйте, {name}!',
    deposit: 'Пополнение зачислено: {amount} {currency}.',
    bonus: 'Начислен бонус: {amount} {currency}.',
    withdrawal: {
      pending: 'Заявка на вывод {amount} {currency} принята и ждёт одобрения.',
      approved: 'Вывод {amount} {currency} одобрен.',
      sent: 'Вывод {amount} {currency} отправлен.',
      rejected: 'Вывод {amount} {currency} отклонён: сумма вернулась на баланс.',
    },
    order: 'Заказ {number}: {status}.',
    orderStatus: {
      WAIT_PAYMENT: 'не оплачен',
      PAID: 'оплачен',
      PROCESSED: 'в обработке',
      PREPARING_TO_SHIP: 'готовится к отправке',
      SHIPPING: 'в пути',
      SHIPPED: 'доставлен',
      Completed: 'завершён',
      Canceled: 'отменён',
      Failed: 'не выполнен',
    },
    openPortal: 'Подробности в портале:',
    linked:
      'Этот чат подключён к {app}: уведомления будут приходить сюда. Чтобы их отключить, отключите бота в профиле.',
    badCode: 'Код неверный или устарел. Получите новый в профиле ({app}) и отправьте его сюда.',
    goodbye: 'Этот чат отключён от {app}: уведомления сюда больше не придут.',
  },
  es: {
    hello: 'Hola, {name}:',
    deposit: 'Depósito acreditado: {amount} {currency}.',
    bonus: 'Bono acreditado: {amount} {currency}.',
    withdrawal: {
      pending: 'Retiro de {amount} {currency} solicitado: espera aprobación.',
      approved: 'Retiro de {amount} {currency} aprobado.',
      sent: 'Retiro de {amount} {currency} enviado.',
      rejected: 'Retiro de {amount} {currency} rechazado: el importe ha vuelto a su saldo.',
    },
    order: 'Pedido {number}: {status}.',
    orderStatus: {
      WAIT_PAYMENT: 'no pagado',
      PAID: 'pagado',
      PROCESSED: 'en proceso',
      PREPARING_TO_SHIP: 'preparando el envío',
      SHIPPING: 'en tránsito',
      SHIPPED: 'entregado',
      Completed: 'completado',
      Canceled: 'cancelado',
      Failed: 'fallido',
    },
    openPortal: 'Detalles en el portal:',
    linked:
      'Este chat está conectado a {app}: las notificaciones llegarán aquí. Para detenerlas, desconecte el bot en su perfil.',
    badCode: 'Este código no es válido o ha caducado. Obtenga uno nuevo en su perfil ({app}) y envíelo aquí.',
    goodbye: 'Este chat se ha desconectado de {app}: ya no llegarán notificaciones aquí.',
  },
  it: {
    hello: 'Ciao {name},',
    deposit: 'Deposito accreditato: {amount} {currency}.',
    bonus: 'Bonus accreditato: {amount} {currency}.',
    withdrawal: {
      pending: 'Prelievo di {amount} {currency} richiesto: in attesa di approvazione.',
      approved: 'Prelievo di {amount} {currency} approvato.',
      sent: 'Prelievo di {amount} {currency} inviato.',
      rejected: "Prelievo di {amount} {currency} rifiutato: l'importo è tornato sul tuo saldo.",
    },
    order: 'Ordine {number}: {status}.',
    orderStatus: {
      WAIT_PAYMENT: 'non pagato',
      PAID: 'pagato',
      PROCESSED: 'in lavorazione',
      PREPARING_TO_SHIP: 'in preparazione per la spedizione',
      SHIPPING: 'in transito',
      SHIPPED: 'consegnato',
      Completed: 'completato',
      Canceled: 'annullato',
      Failed: 'non riuscito',
    },
    openPortal: 'Dettagli nel portale:',
    linked:
      'Questa chat è collegata a {app}: le notifiche arriveranno qui. Per fermarle, scollega il bot nel tuo profilo.',
    badCode:
      'Questo codice non è valido o è scaduto. Generane uno nuovo nel tuo profilo ({app}) e invialo qui.',
    goodbye: 'Questa chat è stata scollegata da {app}: qui non arriveranno più notifiche.',
  },
  TUV: {
    hello: 'Экии, {name}!',
    deposit: 'Акша киирген: {amount} {currency}.',
    bonus: 'Бонус киирген: {amount} {currency}.',
    withdrawal: {
      pending: '{amount} {currency} үндүрер дилег хүлээп алдынган, бадыткаарын манап турар.',
      approved: '{amount} {currency} үндүрери бадыткаттынган.',
      sent: '{amount} {currency} чоруткан.',
      rejected: '{amount} {currency} үндүрерин хораан: акша балансыңарже эглип келген.',
    },
    order: '{number} дужаалга: {status}.',
    orderStatus: {
      WAIT_PAYMENT: 'төлеттинмээн',
      PAID: 'төлеттинген',
      PROCESSED: 'кылдынып турар',
      PREPARING_TO_SHIP: 'чорударынга белеткенип турар',
      SHIPPING: 'орукта',
      SHIPPED: 'чедирттинген',
      Completed: 'доостуна берген',
      Canceled: 'соксаттынган',
      Failed: 'бүттүнмээн',
    },
    openPortal: 'Тодаргайын порталдан көрүңер:',
    linked:
      'Бо чат {app}-ка холбаттынган: медээлер бээр кээр. Оларны соксадыр дизе, профильден ботту үзүңер.',
    badCode: 'Бо код шын эвес азы үези эрткен. Профильден ({app}) чаа код алгаш, бээр чорудуңар.',
    goodbye: 'Бо чат {app}-тан үзүлген: медээлер бээр оон ыңай келбес.',
  },
};
