/**
 * Environment read once at cold start. The same names are set by infra in AWS and by the local
 * stack on this machine; the optional *_ENDPOINT values exist only locally (AWS uses SDK defaults).
 */
const read = (name: string, fallback?: string): string => {
  const v = process.env[name] ?? fallback;
  if (v === undefined) throw new Error(`Environment variable ${name} is not set`);
  return v;
};
const optional = (name: string): string | undefined => process.env[name] || undefined;

export const env = {
  get tableName() {
    return read('TABLE_NAME');
  },
  get bucketName() {
    return read('ATTACHMENTS_BUCKET');
  },
  get region() {
    return read('AWS_REGION', 'us-east-1');
  },
  get mailFrom() {
    return read('MAIL_FROM', 'Tandem <no-reply@tandem.local>');
  },
  get appUrl() {
    return read('APP_URL', 'http://localhost:3000');
  },
  /**
   * The internal accounts of the allow-list (spec 000 §6, 001 §6: the Issues tab, Agendas): e-mail
   * addresses separated by commas or spaces; empty by default.
   */
  get internalAccounts() {
    return optional('INTERNAL_ACCOUNTS') ?? '';
  },
  /**
   * Who may use agendas (issue 17 item 5, decisions D67): e-mail addresses or `@domain`s separated by
   * commas or spaces; empty (the default) means everyone.
   */
  get agendaAccounts() {
    return optional('AGENDA_ACCOUNTS') ?? '';
  },
  get dynamoEndpoint() {
    return optional('DYNAMODB_ENDPOINT');
  },
  get s3Endpoint() {
    return optional('S3_ENDPOINT');
  },
  get sesEndpoint() {
    return optional('SES_ENDPOINT');
  },
  /** cognito-local's address on this machine; absent in AWS. */
  get cognitoEndpoint() {
    return optional('COGNITO_ENDPOINT');
  },
  get cognitoUserPoolId() {
    return read('COGNITO_USER_POOL_ID');
  },
  get cognitoClientId() {
    return read('COGNITO_CLIENT_ID');
  },
  /** Issuer of the pool's tokens (https://cognito-idp.<region>.amazonaws.com/<pool> in AWS). */
  get cognitoIssuer() {
    return read('COGNITO_ISSUER');
  },
  get cognitoJwksUri() {
    return optional('COGNITO_JWKS_URI');
  },
  /**
   * The WebSocket API's @connections endpoint, https://{apiId}.execute-api.{region}.amazonaws.com/{stage}
   * in AWS; the local gateway's own URL on this machine. Needed wherever a handler pushes to a socket.
   */
  get wsManagementEndpoint() {
    return read('WS_MANAGEMENT_ENDPOINT');
  },
  /**
   * Web Push's VAPID keys (docs/realtime.md "Web Push"). In AWS the secret that holds them
   * (VAPID_SECRET_ARN, read on the first push); locally the keys themselves, generated once into
   * LOCAL_DATA_DIR by the stack.
   */
  get vapidSecretArn() {
    return optional('VAPID_SECRET_ARN');
  },
  get vapidPublicKey() {
    return optional('VAPID_PUBLIC_KEY');
  },
  get vapidPrivateKey() {
    return optional('VAPID_PRIVATE_KEY');
  },
  /** Who the push services may contact about our pushes (an https: or mailto: address). */
  get vapidSubject() {
    return optional('VAPID_SUBJECT');
  },
  /** Local only: the certificate of the stack's push recorder, which sends trust for its https. */
  get pushCaFile() {
    return optional('PUSH_CA_FILE');
  },
};
