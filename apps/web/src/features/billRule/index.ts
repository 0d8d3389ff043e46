/** What other features use of bill rules: the rule-template picker, whose 新建 opens the rule form. */
export { BillRuleTemplatePicker } from './components/BillRuleTemplatePicker.tsx';
