import {
  PATTERN_FAMILIES,
  type PatternId,
  type RegisterField,
  type ResourceType,
  type CsType,
} from '@banca/contract';

/** Demo content of the embedded database: what a fresh `npm start` shows. Operators replace all of it. */

export const DEMO_MERCHANT = {
  siteName: 'Banca',
  currency: 'BRL',
  currencySymbol: 'R$',
  domain: 'banca.example',
  /** Brasília time: "daily" limits and profit-and-loss days turn at its midnight (wallet settings). */
  timeZone: 'America/Sao_Paulo',
};

interface FieldRule {
  enabled: boolean;
  required: boolean;
  patternId: PatternId;
  min: number;
  max: number;
}

const rule = (
  patternId: PatternId,
  min: number,
  max: number,
  enabled = false,
  required = false,
): FieldRule => ({
  enabled,
  required,
  patternId,
  min,
  max,
});

/** Every registration field, in form order. Disabled fields keep a sensible rule for when they are switched on. */
export const DEMO_REGISTER_FIELDS: Record<RegisterField, FieldRule> = {
  username: rule(1, 6, 16, true, true),
  password: rule(2, 6, 20, true, true),
  confirmPassword: rule(2, 6, 20, true, true),
  mobileNum: rule(3, 10, 11, true, true),
  verificationCode: rule(3, 6, 6, true, true),
  // Letters and digits, 4-5: what GET /wps/captcha draws (platform/captcha CAPTCHA_ALPHABET).
  captcha: rule(2, 4, 5, true, true),
  payeeName: rule(11, 3, 60, true, false),
  email: rule(14, 6, 64, true, false),
  affiliateCode: rule(2, 4, 16, true, false),
  referralCode: rule(2, 4, 16, true, false),
  recommenderId: rule(2, 4, 16),
  qqNum: rule(3, 5, 12),
  paymentPassword: rule(3, 6, 6),
  line: rule(6, 3, 30),
  whatsapp: rule(3, 10, 15),
  facebook: rule(6, 3, 50),
  wechat: rule(6, 3, 30),
  idNumber: rule(3, 11, 11),
  nickname: rule(6, 2, 20),
  birthday: rule(12, 10, 10),
  zalo: rule(3, 9, 12),
  telegram: rule(6, 5, 32),
  address: rule(0, 5, 120),
  nationality: rule(7, 2, 40),
  placeOfBirth: rule(0, 2, 60),
};

export const acceptedPatternOf = (id: PatternId): string => PATTERN_FAMILIES[id];

export const DEMO_RESOURCES: { type: ResourceType; url: string; label: string }[] = [
  { type: 'APP_IOS', url: `https://${DEMO_MERCHANT.domain}/app/ios`, label: 'Download for iOS' },
  { type: 'APP_ANDROID', url: `https://${DEMO_MERCHANT.domain}/app/android`, label: 'Download for Android' },
  { type: 'SOCIAL_FACEBOOK', url: 'https://www.facebook.com/bancademo', label: 'Facebook' },
  { type: 'SOCIAL_INSTAGRAM', url: 'https://www.instagram.com/bancademo', label: 'Instagram' },
  { type: 'SOCIAL_YOUTUBE', url: 'https://www.youtube.com/@bancademo', label: 'YouTube' },
  { type: 'SOCIAL_WHATSAPP', url: 'https://wa.me/message/BANCADEMO', label: 'WhatsApp' },
  { type: 'SOCIAL_TELEGRAM', url: 'https://t.me/bancademo', label: 'Telegram' },
];

/**
 * Plain links here; the seed stores them encrypted, as the spec requires. The demo has one entry, the
 * built-in support page (the help article `support` says who answers and when): every entry must lead
 * somewhere that works, and a merchant adds its chat or WhatsApp line when it has one.
 */
export const DEMO_CUSTOMER_SERVICES: { type: CsType; label: string; path: string }[] = [
  { type: 'LIVE_CHAT', label: 'Support', path: '/support' },
];

export const DEMO_DOMAINS: {
  domain: string;
  type: 'MEMBER' | 'AGENT' | 'APP';
  affiliateCode: string | null;
}[] = [
  { domain: 'localhost', type: 'MEMBER', affiliateCode: null },
  { domain: '127.0.0.1', type: 'MEMBER', affiliateCode: null },
  { domain: DEMO_MERCHANT.domain, type: 'MEMBER', affiliateCode: null },
  { domain: `agente.${DEMO_MERCHANT.domain}`, type: 'AGENT', affiliateCode: null },
  { domain: `app.${DEMO_MERCHANT.domain}`, type: 'APP', affiliateCode: null },
];

/** Names in Portuguese, the site's default language; Brazil first, then the Lusophone world. */
export const DEMO_COUNTRIES: { code: string; dialing: string; name: string }[] = [
  { code: 'BR', dialing: '+55', name: 'Brasil' },
  { code: 'PT', dialing: '+351', name: 'Portugal' },
  { code: 'AO', dialing: '+244', name: 'Angola' },
  { code: 'MZ', dialing: '+258', name: 'Moçambique' },
  { code: 'CV', dialing: '+238', name: 'Cabo Verde' },
  { code: 'US', dialing: '+1', name: 'Estados Unidos' },
  { code: 'CA', dialing: '+1', name: 'Canadá' },
  { code: 'AR', dialing: '+54', name: 'Argentina' },
  { code: 'CL', dialing: '+56', name: 'Chile' },
  { code: 'CO', dialing: '+57', name: 'Colômbia' },
  { code: 'MX', dialing: '+52', name: 'México' },
  { code: 'PE', dialing: '+51', name: 'Peru' },
  { code: 'PY', dialing: '+595', name: 'Paraguai' },
  { code: 'UY', dialing: '+598', name: 'Uruguai' },
  { code: 'ES', dialing: '+34', name: 'Espanha' },
  { code: 'FR', dialing: '+33', name: 'França' },
  { code: 'DE', dialing: '+49', name: 'Alemanha' },
  { code: 'IT', dialing: '+39', name: 'Itália' },
  { code: 'GB', dialing: '+44', name: 'Reino Unido' },
  { code: 'JP', dialing: '+81', name: 'Japão' },
];

interface Article {
  slug: string;
  title: string;
  content: string;
}

export const DEMO_HELP: Record<'PT' | 'EN', Article[]> = {
  PT: [
    {
      slug: 'about',
      title: 'Sobre nós',
      content:
        '<p>A Banca é uma plataforma de entretenimento online com cassino ao vivo, slots, esportes, loteria e muito mais, pensada para quem joga pelo celular ou pelo computador.</p>' +
        '<p>Trabalhamos com fornecedores de jogos reconhecidos, pagamentos em reais (R$) e atendimento em português todos os dias da semana.</p>',
    },
    {
      slug: 'support',
      title: 'Atendimento ao cliente',
      content:
        '<p><strong>Quem responde:</strong> a equipe de atendimento da Banca, pessoas de verdade e em português.</p>' +
        '<p><strong>Quando:</strong> todos os dias, das 8h à meia-noite (horário de Brasília). Durante esse horário a primeira resposta chega em poucos minutos; fora dele, no início do próximo turno.</p>' +
        '<p><strong>Antes de escrever:</strong> tenha em mãos o seu nome de usuário e, para pagamentos, a data e o valor da operação. Nunca pedimos a sua senha.</p>' +
        '<p>Este site de demonstração ainda não tem um chat ligado: o operador conecta aqui o seu chat ou a sua linha de WhatsApp.</p>',
    },
    {
      slug: 'term',
      title: 'Termos e condições',
      content:
        '<p>Ao criar uma conta, você declara ter pelo menos 18 anos e aceita estes termos.</p>' +
        '<ul><li>Cada pessoa pode ter apenas uma conta.</li>' +
        '<li>Os dados cadastrais devem ser verdadeiros e estar em seu nome, inclusive a conta bancária ou chave PIX usada para saques.</li>' +
        '<li>Bônus e promoções têm regras próprias, indicadas em cada oferta.</li>' +
        '<li>Podemos suspender contas envolvidas em fraude, uso de dados de terceiros ou abuso de promoções.</li></ul>' +
        '<p>Os termos podem ser atualizados; a versão em vigor é sempre a publicada nesta página.</p>',
    },
    {
      slug: 'privacy',
      title: 'Política de privacidade',
      content:
        '<p>Coletamos apenas os dados necessários para operar sua conta: identificação, contato, dados de pagamento e histórico de jogo.</p>' +
        '<p>Seus dados são tratados conforme a Lei Geral de Proteção de Dados (LGPD), não são vendidos a terceiros e são transmitidos de forma cifrada.</p>' +
        '<p>Você pode pedir acesso, correção ou exclusão dos seus dados pelo atendimento ao cliente.</p>',
    },
    {
      slug: 'responsible-gaming',
      title: 'Jogo responsável',
      content:
        '<p>Jogar deve ser diversão, nunca uma forma de ganhar dinheiro ou resolver problemas financeiros.</p>' +
        '<ul><li>Defina um orçamento e um tempo de jogo antes de começar.</li>' +
        '<li>Não tente recuperar perdas aumentando as apostas.</li>' +
        '<li>Faça pausas regulares.</li></ul>' +
        '<p>Se precisar, peça ao atendimento limites de depósito ou a autoexclusão da sua conta. Menores de 18 anos não podem jogar.</p>',
    },
    {
      slug: 'faq',
      title: 'Perguntas frequentes',
      content:
        '<h3>Como crio uma conta?</h3><p>Toque em Registrar, preencha os campos pedidos e confirme o código enviado por SMS.</p>' +
        '<h3>Esqueci minha senha. E agora?</h3><p>Na janela de login, escolha Esqueci a senha e siga as instruções por e-mail ou celular.</p>' +
        '<h3>Posso jogar sem depositar?</h3><p>Sim: o modo de jogo grátis abre uma conta de teste com saldo fictício.</p>',
    },
    {
      slug: 'deposits-withdrawals',
      title: 'Depósitos e saques',
      content:
        '<p>Os depósitos são feitos por PIX e creditados em poucos minutos após a confirmação do pagamento.</p>' +
        '<p>Os saques vão para uma conta bancária ou chave PIX em seu nome. Antes do primeiro saque pode ser pedida a verificação da sua identidade.</p>' +
        '<p>Valores mínimos, máximos e prazos aparecem na tela de cada operação.</p>',
    },
  ],
  EN: [
    {
      slug: 'about',
      title: 'About us',
      content:
        '<p>Banca is an online entertainment platform with live casino, slots, sports, lottery and more, built for play on phones and computers alike.</p>' +
        '<p>We work with well-known game providers, take payments in Brazilian reais (R$) and offer customer support every day of the week.</p>',
    },
    {
      slug: 'support',
      title: 'Customer support',
      content:
        '<p><strong>Who answers:</strong> the Banca support team, real people.</p>' +
        '<p><strong>When:</strong> every day from 8:00 to midnight (Brasília time). During those hours the first reply comes within a few minutes; outside them, at the start of the next shift.</p>' +
        '<p><strong>Before you write:</strong> have your username ready and, for payments, the date and amount. We never ask for your password.</p>' +
        '<p>This demo site has no chat connected yet: the operator connects its chat or WhatsApp line here.</p>',
    },
    {
      slug: 'term',
      title: 'Terms and conditions',
      content:
        '<p>By opening an account you confirm that you are at least 18 years old and accept these terms.</p>' +
        '<ul><li>Each person may hold only one account.</li>' +
        '<li>Your details must be true and in your own name, including the bank account or PIX key used for withdrawals.</li>' +
        '<li>Bonuses and promotions have their own rules, stated with each offer.</li>' +
        '<li>We may suspend accounts involved in fraud, use of third-party data or promotion abuse.</li></ul>' +
        '<p>These terms may change; the version in force is always the one published on this page.</p>',
    },
    {
      slug: 'privacy',
      title: 'Privacy policy',
      content:
        '<p>We collect only the data needed to run your account: identity, contact details, payment details and game history.</p>' +
        "<p>Your data is handled under Brazil's General Data Protection Law (LGPD), is never sold and always travels encrypted.</p>" +
        '<p>You can ask customer support to see, correct or delete your data.</p>',
    },
    {
      slug: 'responsible-gaming',
      title: 'Responsible gaming',
      content:
        '<p>Gaming should be fun, never a way to earn money or solve financial problems.</p>' +
        '<ul><li>Set a budget and a time limit before you start.</li>' +
        '<li>Do not chase losses by raising your bets.</li>' +
        '<li>Take regular breaks.</li></ul>' +
        '<p>If you need to, ask customer support for deposit limits or to exclude yourself from your account. Under-18s may not play.</p>',
    },
    {
      slug: 'faq',
      title: 'FAQ',
      content:
        '<h3>How do I open an account?</h3><p>Tap Register, fill in the requested fields and confirm the code we send by SMS.</p>' +
        '<h3>I forgot my password. What now?</h3><p>In the login window choose Forgot password and follow the steps by e-mail or phone.</p>' +
        '<h3>Can I play without depositing?</h3><p>Yes: free play opens a trial account with play money.</p>',
    },
    {
      slug: 'deposits-withdrawals',
      title: 'Deposits and withdrawals',
      content:
        '<p>Deposits are made by PIX and credited within minutes of the payment being confirmed.</p>' +
        '<p>Withdrawals go to a bank account or PIX key in your own name. We may ask you to verify your identity before the first withdrawal.</p>' +
        '<p>Minimum and maximum amounts and processing times are shown on each screen.</p>',
    },
  ],
};

export interface DemoAccount {
  account: string;
  password: string;
  /** 0 member, 1 agent (contract MEMBER_TYPE). */
  type: 0 | 1;
  nickname: string;
  email: string | null;
  /** The agent's invitation code (registering with it puts the newcomer in the agent's team). */
  affiliateCode: string | null;
  /** Parent in the downline tree. */
  parent: string | null;
}

/**
 * Demo logins of the embedded database (documented in the README; printed at start-up). Passwords
 * satisfy the demo password rule (pattern 2: letters and digits, 6-20). Local logins (127.0.0.1, ::1)
 * are known IPs, so they are never asked a second verification; from any other address both get one
 * (the code in the sandbox outbox, sent to their e-mail).
 */
export const DEMO_PASSWORD = 'Demo1234';
export const DEMO_KNOWN_IPS = ['127.0.0.1', '::1'] as const;
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    account: 'agent01',
    password: DEMO_PASSWORD,
    type: 1,
    nickname: 'Agente Demo',
    email: `agent01@${DEMO_MERCHANT.domain}`,
    affiliateCode: 'AGENT01',
    parent: null,
  },
  {
    account: 'demo01',
    password: DEMO_PASSWORD,
    type: 0,
    nickname: 'Demo',
    email: `demo01@${DEMO_MERCHANT.domain}`,
    affiliateCode: null,
    parent: 'agent01',
  },
];
