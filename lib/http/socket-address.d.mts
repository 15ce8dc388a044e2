import type { IncomingMessage } from 'node:http';

export declare const SOCKET_ADDRESS_HEADER: 'x-orx-socket-address';
export declare const SOCKET_ADDRESS_SERVER_FLAG: 'ORX_SOCKET_ADDRESS_HEADER';
export declare function stampSocketAddress(request: IncomingMessage): boolean;
