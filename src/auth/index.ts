export { AccessAction, AccessRule, AccessRuleOptions, RouteRule, RouteRuleOptions, RuleConditionOptions } from './rules';
export {
  AuthCaCertificate, ClaimsMappingOptions, CustomAuthOptions, GitHubTokenAuthOptions, KubernetesAuthOptions,
  OAuth2IntrospectionOptions, OAuth2JwksOptions, OAuth2TlsOptions, ServerAuth, ServerAuthOptions, UpstreamHeaderAuthOptions,
} from './server-auth';
