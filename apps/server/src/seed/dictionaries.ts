import { newId } from '../core/ids.ts';
import type { Trx } from '../db/database.ts';

interface DictionarySeed {
  enCode: string;
  fullName: string;
  entries: [enCode: string, fullName: string][];
}

/**
 * The platform's standard dictionaries under its exact, case-sensitive codes (the 3.6 client looks
 * them up by code: NoticeType, Education, PositionType, Nation, Rank, groupType, scheduleType, ...);
 * entries keep the codes clients match on.
 */
const dictionaries: DictionarySeed[] = [
  {
    enCode: 'sex',
    fullName: '性别',
    entries: [
      ['1', '男'],
      ['2', '女'],
      ['3', '保密'],
    ],
  },
  {
    enCode: 'msgSourceType',
    fullName: '消息来源',
    entries: [
      ['1', '系统消息'],
      ['2', '流程消息'],
      ['3', '公告消息'],
      ['4', '日程消息'],
    ],
  },
  {
    enCode: 'msgSendType',
    fullName: '发送方式',
    entries: [
      ['1', '站内消息'],
      ['2', '邮件'],
      ['3', '短信'],
      ['4', '钉钉'],
      ['5', '企业微信'],
      ['6', 'webhook'],
      ['7', '微信公众号'],
    ],
  },
  {
    enCode: 'businessType',
    fullName: '业务类型',
    entries: [
      ['common', '通用'],
      ['order', '订单'],
      ['contract', '合同'],
      ['finance', '财务'],
    ],
  },
  {
    enCode: 'certificateType',
    fullName: '证件类型',
    entries: [
      ['1', '身份证'],
      ['2', '护照'],
      ['3', '港澳通行证'],
      ['4', '台湾通行证'],
      ['5', '军官证'],
    ],
  },
  {
    enCode: 'Education',
    fullName: '学历',
    entries: [
      ['1', '小学'],
      ['2', '初中'],
      ['3', '高中'],
      ['4', '大专'],
      ['5', '本科'],
      ['6', '硕士'],
      ['7', '博士'],
    ],
  },
  {
    enCode: 'NoticeType',
    fullName: '公告类型',
    entries: [
      ['1', '公告'],
      ['2', '通知'],
    ],
  },
  {
    enCode: 'PositionType',
    fullName: '岗位类型',
    entries: [
      ['1', '管理岗'],
      ['2', '技术岗'],
      ['3', '业务岗'],
      ['4', '职能岗'],
    ],
  },
  {
    enCode: 'Nation',
    fullName: '民族',
    entries: [
      ['01', '汉族'],
      ['02', '蒙古族'],
      ['03', '回族'],
      ['04', '藏族'],
      ['05', '维吾尔族'],
      ['06', '苗族'],
      ['07', '彝族'],
      ['08', '壮族'],
      ['09', '布依族'],
      ['10', '朝鲜族'],
      ['11', '满族'],
      ['12', '侗族'],
      ['13', '瑶族'],
      ['14', '白族'],
      ['15', '土家族'],
      ['97', '其他'],
    ],
  },
  {
    enCode: 'Rank',
    fullName: '职级',
    entries: [
      ['1', '初级'],
      ['2', '中级'],
      ['3', '高级'],
      ['4', '专家'],
    ],
  },
  {
    enCode: 'groupType',
    fullName: '分组类型',
    entries: [
      ['1', '项目组'],
      ['2', '工作组'],
      ['3', '兴趣组'],
    ],
  },
  {
    enCode: 'scheduleType',
    fullName: '日程类型',
    entries: [
      ['1', '日程'],
      ['2', '会议'],
      ['3', '任务'],
      ['4', '其他'],
    ],
  },
  {
    enCode: 'DataInterfaceType',
    fullName: '数据接口分类',
    entries: [
      ['1', '系统接口'],
      ['2', '业务接口'],
    ],
  },
  {
    enCode: 'printDev',
    fullName: '打印模板分类',
    entries: [
      ['1', '流程表单'],
      ['2', '业务单据'],
    ],
  },
  {
    enCode: 'webDesign',
    fullName: '功能设计分类',
    entries: [
      ['1', '业务功能'],
      ['2', '系统功能'],
    ],
  },
  {
    enCode: 'portalDesigner',
    fullName: '门户分类',
    entries: [
      ['1', '业务门户'],
      ['2', '系统门户'],
    ],
  },
  {
    enCode: 'WorkFlowCategory',
    fullName: '流程分类',
    entries: [
      ['1', '行政审批'],
      ['2', '人事审批'],
      ['3', '财务审批'],
      ['4', '业务审批'],
    ],
  },
  {
    enCode: 'dbType',
    fullName: '数据库类型',
    entries: [
      ['MySQL', 'MySQL'],
      ['SQLServer', 'SQLServer'],
      ['Oracle', 'Oracle'],
      ['PostgreSQL', 'PostgreSQL'],
      ['DM', '达梦'],
      ['KingbaseES', '人大金仓'],
    ],
  },
  {
    enCode: 'ReportSort',
    fullName: '报表分类',
    entries: [
      ['1', '业务报表'],
      ['2', '系统报表'],
    ],
  },
];

/** Codes earlier seeds used before following the platform's: renamed in place, ids and entries kept. */
const renamedCodes: [old: string, platform: string][] = [
  ['noticeType', 'NoticeType'],
  ['education', 'Education'],
];

export async function seedDictionaries(trx: Trx) {
  for (const [old, platform] of renamedCodes) {
    const taken = await trx.selectFrom('dictionaryType').select('id').where('enCode', '=', platform).executeTakeFirst();
    if (!taken) await trx.updateTable('dictionaryType').set({ enCode: platform }).where('enCode', '=', old).execute();
  }
  for (const [index, dictionary] of dictionaries.entries()) {
    await trx
      .insertInto('dictionaryType')
      .values({ id: newId(), parentId: '0', fullName: dictionary.fullName, enCode: dictionary.enCode, sortCode: index })
      .onConflict((oc) => oc.column('enCode').doNothing())
      .execute();
    const type = await trx
      .selectFrom('dictionaryType')
      .select('id')
      .where('enCode', '=', dictionary.enCode)
      .executeTakeFirstOrThrow();
    for (const [sortCode, [enCode, fullName]] of dictionary.entries.entries()) {
      await trx
        .insertInto('dictionaryData')
        .values({ id: newId(), dictionaryTypeId: type.id, parentId: '0', fullName, enCode, sortCode })
        .onConflict((oc) => oc.columns(['dictionaryTypeId', 'enCode']).doNothing())
        .execute();
    }
  }
}
