/**
 * Event shapes of API Gateway's WebSocket API as they reach Lambda. @types/aws-lambda models the
 * common part; what it leaves out (the handshake's headers on $connect, the authorizer context on
 * every route, the close code on $disconnect, and the authorizer's own event, which is not the REST
 * API shape it describes) is added here so the local gateway builds exactly what AWS sends.
 */
import type {
  APIGatewayEventWebsocketRequestContextV2,
  APIGatewayProxyEventHeaders,
  APIGatewayProxyEventMultiValueHeaders,
  APIGatewayProxyEventMultiValueQueryStringParameters,
  APIGatewayProxyEventQueryStringParameters,
  APIGatewayProxyEventStageVariables,
  APIGatewayProxyWebsocketEventV2WithRequestContext,
} from 'aws-lambda';

/** What the $connect authorizer returns as context; API Gateway then hands it to every route of the connection. */
// A type alias, not an interface: the authorizer result type wants an index-signature-compatible map.
export type WsAuthorizerContext = {
  userId: string;
};

export type WsRequestContext = Omit<APIGatewayEventWebsocketRequestContextV2, 'messageId'> & {
  /** MESSAGE events only. */
  messageId?: string;
  identity: { sourceIp: string; userAgent?: string };
  /** The authorizer's context, plus what API Gateway adds to it. Absent on a route without an authorizer. */
  authorizer?: WsAuthorizerContext & { principalId: string; integrationLatency: number };
  /** DISCONNECT events only: the close code and reason. */
  disconnectStatusCode?: number;
  disconnectReason?: string;
};

export type WsEvent = APIGatewayProxyWebsocketEventV2WithRequestContext<WsRequestContext> & {
  /** CONNECT and DISCONNECT carry headers (CONNECT: the upgrade request's); MESSAGE does not. */
  headers?: APIGatewayProxyEventHeaders;
  multiValueHeaders?: APIGatewayProxyEventMultiValueHeaders;
};

/** The REQUEST authorizer's event on a WebSocket API's $connect route. */
export interface WsAuthorizerEvent {
  type: 'REQUEST';
  /** arn:aws:execute-api:{region}:{account}:{apiId}/{stage}/$connect */
  methodArn: string;
  headers: APIGatewayProxyEventHeaders;
  multiValueHeaders: APIGatewayProxyEventMultiValueHeaders;
  queryStringParameters: APIGatewayProxyEventQueryStringParameters;
  multiValueQueryStringParameters: APIGatewayProxyEventMultiValueQueryStringParameters;
  stageVariables: APIGatewayProxyEventStageVariables;
  requestContext: Omit<
    WsRequestContext,
    'authorizer' | 'messageId' | 'disconnectStatusCode' | 'disconnectReason'
  >;
}
