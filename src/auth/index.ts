export { AccessAction, AccessRule, AccessRuleOptions } from './access-rule';
export { RouteRule, RouteRuleOptions } from './route-rule';
export { RuleConditionOptions } from './rule-check';
export {
  AuthCaCertificate, ClaimsMappingOptions, CustomAuthOptions, GitHubTokenAuthOptions, KubernetesAuthOptions,
  OAuth2IntrospectionOptions, OAuth2JwksOptions, OAuth2TlsOptions, ServerAuth, ServerAuthOptions, UpstreamHeaderAuthOptions,
} from './server-auth';
