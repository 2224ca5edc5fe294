import type { SeedBlogPost } from '../types';

// Article bodies are HTML limited to <h2>, <h3>, <p>, <ul>, <ol>, <li>,
// <strong>, <em> and internal <a href="/...">: no scripts, styles or external URLs.

export const blogPosts: SeedBlogPost[] = [
  {
    slug: 'como-limpar-o-rejunte-do-banheiro',
    title: 'Como limpar o rejunte do banheiro',
    excerpt:
      'Rejunte escuro nem sempre é sujeira: pode ser limo, mofo ou gordura. Veja como identificar o problema, qual produto usar e como evitar que o encardido volte.',
    author: 'Juliana Moreira',
    category: 'Dicas',
    tags: ['banheiro', 'rejunte', 'limo', 'mofo'],
    image: 'como-limpar-o-rejunte-do-banheiro.svg',
    isFeatured: false,
    readTimeMinutes: 3,
    createdAt: '2026-05-12',
    content: `<p>O rejunte é a parte mais porosa do revestimento do banheiro. Ele absorve água, resíduos de sabonete, gordura da pele e poeira, e por isso escurece muito antes dos azulejos. A boa notícia é que, na maioria dos casos, dá para recuperar a cor original sem trocar o rejunte, desde que você escolha o produto certo para cada tipo de sujeira.</p>
<h2>Primeiro, descubra o que está escurecendo o rejunte</h2>
<p>Antes de pegar a escova, observe as manchas. O diagnóstico muda tudo:</p>
<ul>
<li><strong>Encardido acinzentado e uniforme:</strong> é acúmulo de sabão, gordura corporal e poeira. Aparece principalmente no piso e na parte baixa das paredes do box.</li>
<li><strong>Pontinhos pretos ou esverdeados:</strong> são fungos (mofo ou bolor) e limo. Surgem nos cantos, perto do ralo e em lugares que demoram a secar.</li>
<li><strong>Manchas brancas e ásperas:</strong> são depósitos de calcário da água dura, comuns perto do chuveiro e das torneiras.</li>
</ul>
<h2>O produto certo para cada caso</h2>
<h3>Encardido de sabão e gordura</h3>
<p>Use um limpador alcalino, como o <strong>Limpa Rejunte</strong>. Por não ter cloro, ele pode ser usado em rejuntes coloridos sem desbotar. Aplique sobre as linhas, aguarde cerca de 5 minutos, esfregue com uma escova de cerdas firmes e enxágue bem.</p>
<h3>Limo e mofo</h3>
<p>Aqui o cloro é o aliado: o <strong>Removedor de Limo</strong> ou a <strong>Água Sanitária</strong> diluída (1 parte de produto para 10 de água) eliminam os fungos que causam as manchas. Borrife com o banheiro ventilado, aguarde de 5 a 10 minutos e enxágue. Em rejuntes coloridos, teste antes em um canto escondido, porque o cloro pode clarear o pigmento.</p>
<h3>Calcário</h3>
<p>Depósitos minerais saem com produtos ácidos, como o <strong>Limpador Cerâmico</strong>. Use com moderação: ácidos atacam o cimento do rejunte quando aplicados com frequência ou por muito tempo. Nunca deixe secar sobre a superfície e enxágue com bastante água.</p>
<h2>Um cuidado que não pode faltar</h2>
<p>Jamais use um produto clorado e um produto ácido na mesma limpeza sem enxaguar muito bem entre um e outro. A combinação libera gás cloro, que irrita olhos e pulmões e pode causar intoxicação grave. Isso vale também para receitas caseiras com vinagre: vinagre e água sanitária nunca devem se encontrar.</p>
<h2>Passo a passo resumido</h2>
<ol>
<li>Abra a janela ou ligue o exaustor e calce luvas de borracha.</li>
<li>Molhe levemente a área e aplique o produto adequado ao tipo de mancha.</li>
<li>Respeite o tempo de ação indicado no rótulo, sem deixar o produto secar.</li>
<li>Esfregue com escova de cerdas firmes; uma escova de dentes velha ajuda nos cantos.</li>
<li>Enxágue com bastante água e seque com rodo e pano.</li>
</ol>
<h2>Como evitar que o encardido volte</h2>
<p>Depois do banho, passe o rodo no box e deixe a porta aberta para o ambiente secar. Uma vez por semana, limpe o piso com desinfetante diluído. A cada seis meses, considere aplicar um impermeabilizante de rejunte, que reduz a absorção de água e sujeira. Se o rejunte estiver esfarelando ou com buracos, nenhuma limpeza resolve: é hora de refazê-lo.</p>
<p>Quer ter tudo isso à mão? O <a href="/kits">Kit Banheiro Impecável</a> reúne os produtos deste guia com desconto, e quem tem a <a href="/assinatura">Assinatura Inteligente</a> ainda ganha 10% em todas as compras.</p>`,
  },
  {
    slug: 'por-que-nunca-misturar-agua-sanitaria-com-outros-produtos',
    title: 'Por que nunca misturar água sanitária com outros produtos',
    excerpt:
      'Misturar produtos de limpeza não aumenta a eficiência e pode liberar gases tóxicos. Entenda o que acontece com a água sanitária em cada combinação e como usá-la com segurança.',
    author: 'Ana Beatriz Lima',
    category: 'Segurança',
    tags: ['segurança', 'água sanitária', 'cloro', 'intoxicação'],
    image: 'por-que-nunca-misturar-agua-sanitaria-com-outros-produtos.svg',
    isFeatured: true,
    readTimeMinutes: 4,
    createdAt: '2026-06-03',
    content: `<p>A água sanitária é um dos produtos mais eficientes e baratos que existem para desinfetar a casa. É também um dos que mais causam acidentes domésticos, quase sempre pelo mesmo motivo: a mistura com outros produtos, na crença de que "juntar tudo limpa mais". Não limpa. Na melhor das hipóteses, um produto anula o outro; na pior, a mistura libera gases que podem levar alguém ao pronto-socorro.</p>
<h2>O que é a água sanitária</h2>
<p>É uma solução de <strong>hipoclorito de sódio</strong> com teor de cloro ativo entre 2,0% e 2,5%. O hipoclorito é um oxidante forte: destrói a estrutura de bactérias, vírus e fungos e quebra os pigmentos das manchas. Essa mesma reatividade é o que torna as misturas perigosas.</p>
<h2>As combinações mais perigosas</h2>
<h3>Água sanitária + ácidos (vinagre, limpa-pedras, tira-calcário, gel sanitário)</h3>
<p>Em contato com ácidos, o hipoclorito libera <strong>gás cloro</strong>. Mesmo em pequenas quantidades, ele causa ardor nos olhos, tosse, falta de ar e, em ambientes fechados como um banheiro, pode provocar lesões graves nos pulmões. Muitos produtos para vaso sanitário, box e pedras são ácidos, por isso a combinação acontece com mais frequência do que parece.</p>
<h3>Água sanitária + amônia</h3>
<p>Alguns limpa-vidros e limpadores multiuso contêm amônia, e a urina também libera compostos amoniacais. A reação forma <strong>cloraminas</strong>, gases irritantes que causam os mesmos sintomas respiratórios. Por isso, ao limpar vasos sanitários e caixas de areia, enxágue primeiro com água antes de aplicar o cloro.</p>
<h3>Água sanitária + álcool</h3>
<p>A mistura gera compostos clorados voláteis, entre eles o clorofórmio, tóxicos quando inalados. Álcool 70% e água sanitária são ótimos desinfetantes, mas sempre em momentos separados.</p>
<h3>Água sanitária + água oxigenada ou outros desinfetantes</h3>
<p>A reação consome o cloro ativo, libera calor e oxigênio e deixa você com uma solução que já não desinfeta. Com desinfetantes à base de quaternário de amônio, a eficácia também pode cair.</p>
<h2>E com detergente, pode?</h2>
<p>Detergentes neutros comuns não costumam gerar gases perigosos com a água sanitária, mas a regra mais segura é simples: <strong>use a água sanitária sozinha, apenas diluída em água fria</strong>. Água quente acelera a decomposição do cloro e faz o produto perder eficiência mais rápido.</p>
<h2>Como usar com segurança</h2>
<ul>
<li>Dilua sempre em água: 1 parte para 10 de água na desinfecção de vasos e ralos e 1 parte para 50 na limpeza de pisos.</li>
<li>Limpe primeiro (com detergente), enxágue e só depois desinfete com a água sanitária.</li>
<li>Mantenha o ambiente ventilado e use luvas.</li>
<li>Não transfira o produto para garrafas de bebida e guarde-o longe do alcance de crianças e animais, ao abrigo da luz.</li>
<li>Respeite o prazo de validade: o teor de cloro cai com o tempo.</li>
</ul>
<h2>Se a mistura acontecer</h2>
<p>Saia imediatamente do ambiente e leve as outras pessoas com você. Abra portas e janelas apenas se puder fazer isso sem respirar o vapor. Lave olhos e pele com bastante água corrente. Se houver tosse persistente, falta de ar ou ardor, procure atendimento médico e ligue para o <strong>Disque-Intoxicação (0800 722 6001)</strong> ou para o SAMU (192).</p>
<p>Todos os produtos da Clarear trazem no rótulo se são clorados, ácidos ou alcalinos, e o pH aparece na página de cada item. Confira na nossa <a href="/produtos">página de produtos</a> antes de montar sua rotina de limpeza.</p>`,
  },
  {
    slug: 'guia-de-diluicao-economize-sem-perder-eficiencia',
    title: 'Guia de diluição: economize sem perder eficiência',
    excerpt:
      'O que significa 1:10 ou 1:50 no rótulo, como medir sem errar e por que usar produto demais é desperdício. Um guia prático para fazer seu concentrado render.',
    author: 'Carlos Henrique Souza',
    category: 'Dicas',
    tags: ['diluição', 'economia', 'concentrados'],
    image: 'guia-de-diluicao-economize-sem-perder-eficiencia.svg',
    isFeatured: false,
    readTimeMinutes: 3,
    createdAt: '2026-07-08',
    content: `<p>Produtos concentrados são a forma mais econômica de limpar, mas só quando são diluídos corretamente. Usar de menos deixa a sujeira para trás; usar demais desperdiça dinheiro, deixa resíduos pegajosos, exige mais enxágue e pode até manchar superfícies. Este guia explica como ler e aplicar as diluições dos rótulos.</p>
<h2>O que significa 1:10, 1:50, 1:100</h2>
<p>Nos rótulos da Clarear, a proporção indica <strong>1 parte de produto para N partes de água</strong>. Na prática, para cada litro de água:</p>
<ul>
<li><strong>1:10</strong> = 100 ml de produto em 1 L de água (limpeza pesada);</li>
<li><strong>1:20</strong> = 50 ml em 1 L (limpeza geral);</li>
<li><strong>1:50</strong> = 20 ml em 1 L (manutenção);</li>
<li><strong>1:100</strong> = 10 ml em 1 L (manutenção diária leve).</li>
</ul>
<p>Um balde comum de limpeza tem cerca de 5 L. Então, para uma diluição de 1:50, coloque 5 L de água e 100 ml de produto.</p>
<h2>Escolha a diluição pelo tipo de sujeira</h2>
<p>A mesma embalagem costuma trazer mais de uma proporção. Comece pela mais fraca e só aumente se a sujeira não sair:</p>
<ol>
<li><strong>Manutenção diária</strong> (poeira, marcas leves): a diluição mais fraca indicada.</li>
<li><strong>Limpeza geral semanal</strong>: a intermediária.</li>
<li><strong>Limpeza pesada</strong> (gordura acumulada, pós-obra, garagem): a mais forte, em geral de 1:5 a 1:10.</li>
</ol>
<p>Mais concentrado não significa mais limpo. Acima do ponto certo, o excesso de tensoativo apenas gera espuma e resíduo, que atrai sujeira de volta e deixa o piso opaco.</p>
<h2>Como medir sem errar</h2>
<ul>
<li>Use um copo medidor ou a tampa dosadora. "Um jato" ou "um pouquinho" nunca é igual de um dia para o outro.</li>
<li>Coloque <strong>primeiro a água e depois o produto</strong>. Isso evita espuma excessiva e, no caso de ácidos e produtos clorados concentrados, reduz o risco de respingos.</li>
<li>Prepare em borrifadores identificados com o nome do produto e a diluição. Nunca use garrafas de bebida.</li>
<li>Soluções com cloro perdem força: prepare a quantidade do dia e descarte a sobra.</li>
</ul>
<h2>Quanto você economiza</h2>
<p>Veja um exemplo com o <strong>Detergente Neutro Concentrado</strong> de 5 L. Na diluição de manutenção (1:50), cada litro de produto rende 51 litros de solução pronta; o galão inteiro rende mais de 250 litros. Isso significa uma solução de limpeza por poucos centavos o litro, bem menos do que comprar produtos prontos para uso, que são basicamente água embalada e transportada.</p>
<p>Além do bolso, a diluição correta economiza plástico e frete: um galão de concentrado substitui dezenas de frascos de produto pronto.</p>
<h2>Quando não diluir</h2>
<p>Alguns produtos são formulados para uso puro, como limpa-vidros, álcool 70%, lustra-móveis e sabonetes líquidos. Diluí-los reduz a eficácia ou compromete o conservante. Se o rótulo diz "pronto para uso", use como está.</p>
<p>Encontre as diluições de cada item na aba <em>Diluição</em> das nossas <a href="/produtos">páginas de produtos</a>. E se você usa muito concentrado no dia a dia, a <a href="/assinatura">Assinatura Inteligente</a> garante 10% de desconto em todas as compras.</p>`,
  },
  {
    slug: 'entenda-o-ph-dos-produtos-de-limpeza',
    title: 'Entenda o pH dos produtos de limpeza',
    excerpt:
      'Ácido, neutro ou alcalino? O pH explica por que um produto tira calcário e outro tira gordura, e por que alguns nunca devem ser usados em mármore. Aprenda a ler essa informação.',
    author: 'Ana Beatriz Lima',
    category: 'Segurança',
    tags: ['pH', 'química', 'superfícies', 'segurança'],
    image: 'entenda-o-ph-dos-produtos-de-limpeza.svg',
    isFeatured: false,
    readTimeMinutes: 3,
    createdAt: '2026-08-19',
    content: `<p>Em todas as páginas de produto da Clarear você encontra um número de 0 a 14 e uma classificação: ácido, neutro ou alcalino. Esse é o <strong>pH</strong>, e entender o que ele significa ajuda a escolher o produto certo, proteger as superfícies da casa e usar cada item com segurança.</p>
<h2>O que é pH</h2>
<p>O pH mede a acidez ou a alcalinidade de uma solução em uma escala de 0 a 14. O valor 7 é neutro, como a água pura. Abaixo de 7, a solução é ácida; acima, alcalina (ou básica). A escala é logarítmica: cada ponto representa uma diferença de dez vezes. Um produto de pH 2 é dez vezes mais ácido que um de pH 3 e cem vezes mais ácido que um de pH 4.</p>
<p>Na nossa loja, usamos a seguinte classificação: <strong>ácido</strong> abaixo de 6,5; <strong>neutro</strong> de 6,5 a 7,5; <strong>alcalino</strong> acima de 7,5.</p>
<h2>Produtos ácidos: contra minerais</h2>
<p>Ácidos dissolvem sujeiras minerais: calcário, manchas de água dura, ferrugem, resíduos de cimento e crostas no vaso sanitário. Exemplos do nosso catálogo são o Desincrustante Ácido (pH 1,0), o Limpa Pedras (pH 1,5), o Gel Sanitário Ativo (pH 2,0) e o Limpador de Box Anticalcário (pH 2,5).</p>
<p><strong>Atenção:</strong> ácidos atacam mármore, granito polido, travertino e rejuntes de cimento quando usados com frequência. Nunca devem ser combinados com água sanitária ou outros produtos clorados, pois a mistura libera gás cloro.</p>
<h2>Produtos neutros: o dia a dia</h2>
<p>Com pH próximo de 7, os neutros limpam sem agredir a superfície nem a pele. São ideais para a manutenção frequente de porcelanatos, laminados, madeira, pedras naturais e para lavar louça. O Detergente Neutro Concentrado e o Limpa Porcelanato (ambos com pH 7,0) são exemplos.</p>
<h2>Produtos alcalinos: contra gordura</h2>
<p>Álcalis quebram gorduras e proteínas, transformando-as em substâncias solúveis em água. Por isso desengordurantes, limpa-fornos e detergentes industriais são alcalinos: o Desengordurante Cozinha tem pH 12,5 e o Limpa Forno e Grill, 13,0. A água sanitária também é alcalina (pH por volta de 12), o que ajuda a manter o cloro estável na embalagem.</p>
<p><strong>Atenção:</strong> alcalinos fortes mancham alumínio, podem remover ceras e vernizes e irritam a pele. Use luvas e enxágue bem superfícies que entram em contato com alimentos.</p>
<h2>Como usar o pH a seu favor</h2>
<ul>
<li><strong>Gordura na cozinha?</strong> Escolha um alcalino.</li>
<li><strong>Manchas brancas no box ou na torneira?</strong> Escolha um ácido.</li>
<li><strong>Limpeza diária de pisos delicados?</strong> Escolha um neutro.</li>
<li><strong>Superfície sensível ou desconhecida?</strong> Comece pelo neutro e teste em uma área escondida.</li>
</ul>
<h2>Nunca misture ácidos e alcalinos</h2>
<p>Além do risco com o cloro, ácidos e alcalinos se neutralizam: a mistura gera calor, pode respingar e deixa você com uma solução que não limpa nada. Use um produto de cada vez e enxágue entre eles.</p>
<p>Veja o pH de cada item nas <a href="/produtos">páginas de produtos</a> ou escolha um dos nossos <a href="/kits">kits prontos</a>, que já combinam produtos compatíveis para cada ambiente.</p>`,
  },
  {
    slug: 'limpeza-de-cozinhas-profissionais-checklist-diario',
    title: 'Limpeza de cozinhas profissionais: checklist diário',
    excerpt:
      'Um roteiro prático de limpeza e desinfecção para restaurantes, lanchonetes e cozinhas industriais, do início do turno à limpeza semanal, alinhado às boas práticas de manipulação de alimentos.',
    author: 'Carlos Henrique Souza',
    category: 'Profissional',
    tags: ['restaurantes', 'boas práticas', 'higienização', 'checklist'],
    image: 'limpeza-de-cozinhas-profissionais-checklist-diario.svg',
    isFeatured: true,
    readTimeMinutes: 4,
    createdAt: '2026-09-16',
    content: `<p>Em uma cozinha profissional, limpeza não é só aparência: é segurança alimentar, exigência da vigilância sanitária e economia, porque equipamentos bem cuidados quebram menos. As boas práticas para serviços de alimentação, definidas pela Anvisa na RDC 216/2004, pedem que a higienização seja feita com frequência definida, produtos regularizados e procedimentos escritos. Este checklist ajuda a organizar a rotina.</p>
<h2>Limpar e desinfetar não são a mesma coisa</h2>
<p>A higienização de superfícies e utensílios acontece em duas etapas:</p>
<ol>
<li><strong>Limpeza:</strong> remoção de restos de alimentos, gordura e sujidades com detergente, seguida de enxágue.</li>
<li><strong>Desinfecção:</strong> aplicação de um desinfetante ou sanitizante na superfície já limpa, respeitando o tempo de contato indicado no rótulo.</li>
</ol>
<p>Desinfetar uma superfície suja é desperdício: a matéria orgânica consome o princípio ativo e protege os microrganismos.</p>
<h2>Início do turno</h2>
<ul>
<li>Conferir se pias de lavagem de mãos têm sabonete líquido, papel toalha e álcool em gel.</li>
<li>Desinfetar bancadas, tábuas e utensílios que ficaram guardados, com álcool 70% ou solução desinfetante.</li>
<li>Preparar as soluções do dia e identificar os borrifadores com nome do produto e diluição.</li>
<li>Higienizar hortifrútis que serão consumidos crus: lavar em água corrente, deixar de molho por 10 a 15 minutos em solução clorada (cerca de 200 ppm; com o Sanitizante para Hortifrúti, 10 ml por litro de água) e enxaguar.</li>
</ul>
<h2>Durante o serviço</h2>
<ul>
<li>Limpar respingos assim que acontecerem, principalmente no piso, para evitar quedas.</li>
<li>Trocar tábuas e facas ao alternar entre alimentos crus e prontos, ou higienizá-las entre os usos.</li>
<li>Manter lixeiras tampadas, com acionamento por pedal, e esvaziá-las antes de transbordar.</li>
<li>Lavar as mãos sempre que trocar de tarefa, após manusear lixo e após ir ao banheiro.</li>
</ul>
<h2>Fim do dia</h2>
<ol>
<li>Retirar resíduos grosseiros de chapas, fogões, fritadeiras e bancadas.</li>
<li>Aplicar o <strong>Detergente Alcalino Industrial</strong> diluído em equipamentos e bancadas, esfregar e enxaguar.</li>
<li>Desinfetar com <strong>Quaternário de Amônio</strong> (1:100) e respeitar 10 minutos de contato; enxaguar superfícies que tocam alimentos.</li>
<li>Lavar pisos e ralos com detergente e, em seguida, desinfetar.</li>
<li>Limpar a máquina lava-louças, retirando filtros e resíduos, e conferir os níveis de detergente e secante.</li>
<li>Lavar panos e esponjas ou descartá-los; guardar utensílios secos.</li>
</ol>
<h2>Semanal e mensal</h2>
<ul>
<li><strong>Semanal:</strong> coifas e filtros de exaustão com desengordurante, paredes e azulejos, geladeiras e câmaras frias, prateleiras de estoque.</li>
<li><strong>Mensal:</strong> luminárias, forros, áreas atrás de equipamentos, desincrustação da lava-louças e revisão do controle integrado de pragas.</li>
</ul>
<h2>Documente e treine</h2>
<p>Transforme este checklist em um Procedimento Operacional Padronizado (POP) da sua cozinha, com responsável, frequência e produto de cada tarefa, e mantenha uma planilha de registro. Treine a equipe sobre diluições, tempo de contato e uso de luvas e óculos, e deixe as fichas de segurança dos produtos acessíveis.</p>
<p>O <a href="/kits">Kit Restaurante Profissional</a> reúne os produtos essenciais desta rotina. Para não ficar sem estoque, a <a href="/assinatura">Assinatura Inteligente</a> dá 10% de desconto em todas as compras.</p>`,
  },
  {
    slug: 'como-tirar-manchas-de-roupas-brancas',
    title: 'Como tirar manchas de roupas brancas',
    excerpt:
      'Café, vinho, gordura, sangue e o amarelado do suor: cada mancha pede um tratamento. Veja como agir rápido e quando usar alvejante com ou sem cloro.',
    author: 'Juliana Moreira',
    category: 'Dicas',
    tags: ['lavanderia', 'manchas', 'roupas brancas', 'alvejante'],
    image: 'como-tirar-manchas-de-roupas-brancas.svg',
    isFeatured: false,
    readTimeMinutes: 3,
    createdAt: '2026-10-07',
    content: `<p>Roupa branca denuncia tudo: o respingo de café, a gota de molho, o amarelado na gola. A boa notícia é que a maioria das manchas sai, desde que tratada do jeito certo e, de preferência, antes de secar. Veja as regras gerais e o tratamento para as manchas mais comuns.</p>
<h2>Regras de ouro</h2>
<ul>
<li><strong>Aja rápido.</strong> Mancha fresca sai com muito menos esforço. Retire o excesso com papel toalha, sem esfregar para não espalhar.</li>
<li><strong>Leia a etiqueta.</strong> Ela diz se a peça aceita alvejante com cloro (triângulo simples), só sem cloro (triângulo com duas listras) ou nenhum alvejante (triângulo riscado).</li>
<li><strong>Teste antes.</strong> Aplique o produto em uma costura interna e espere alguns minutos.</li>
<li><strong>Não passe a ferro nem seque na secadora</strong> antes de a mancha sair: o calor fixa a sujeira.</li>
</ul>
<h2>Mancha por mancha</h2>
<h3>Café, chá e vinho</h3>
<p>Enxágue pelo avesso com água fria. Em seguida, faça uma pasta de <strong>Tira-Manchas Oxi</strong> com um pouco de água, aplique, aguarde 15 minutos e lave normalmente. Para manchas antigas, deixe a peça de molho na solução de oxigênio ativo por algumas horas.</p>
<h3>Gordura e molhos</h3>
<p>Aplique uma gota de detergente neutro ou de sabão líquido puro sobre a mancha, esfregue levemente com os dedos, aguarde 10 minutos e lave em água morna, se a etiqueta permitir.</p>
<h3>Sangue</h3>
<p>Use sempre <strong>água fria</strong>. A água quente coagula as proteínas do sangue e fixa a mancha. Deixe de molho em água fria com sabão líquido e, se necessário, trate depois com tira-manchas de oxigênio ativo.</p>
<h3>Amarelado de suor e desodorante</h3>
<p>É uma mistura de sais do suor com os componentes do desodorante. Deixe a peça de molho por 1 a 2 horas em água morna com uma medida de tira-manchas de oxigênio ativo e lave em seguida. Repita se preciso. Evite a água sanitária nesse caso: o cloro pode reagir com os resíduos e deixar a área ainda mais amarelada.</p>
<h2>Cloro ou oxigênio ativo?</h2>
<p>A <strong>água sanitária</strong> é eficiente em roupas brancas de algodão e linho sem elastano: use 1 copo americano (200 ml) em 20 L de água e deixe de molho no máximo 30 minutos. Ela danifica lã, seda, couro, elastano e tecidos sintéticos, que podem amarelar.</p>
<p>O <strong>Alvejante sem Cloro</strong> e o Tira-Manchas Oxi funcionam à base de oxigênio ativo: são mais suaves com as fibras, podem ser usados em brancos de qualquer tecido lavável e também em coloridos. Para uso frequente, são a escolha mais segura.</p>
<h2>Para manter o branco por mais tempo</h2>
<ul>
<li>Lave as brancas separadas das coloridas, inclusive das claras.</li>
<li>Não exagere no sabão: o excesso fica no tecido e acinzenta a roupa.</li>
<li>Seque ao sol sempre que possível; a luz solar ajuda a clarear o algodão.</li>
<li>Limpe a máquina de lavar mensalmente para evitar resíduos que voltam para as roupas.</li>
</ul>
<p>O <a href="/kits">Kit Lavanderia Completa</a> traz sabão líquido, amaciante, tira-manchas e alvejante sem cloro com preço especial. Confira também toda a linha de lavanderia em <a href="/produtos">Produtos</a>.</p>`,
  },
  {
    slug: 'limpeza-sustentavel-em-casa',
    title: 'Limpeza sustentável em casa',
    excerpt:
      'Menos plástico, menos água e menos desperdício de produto. Hábitos simples que deixam a limpeza da casa mais sustentável sem abrir mão da eficiência.',
    author: 'Juliana Moreira',
    category: 'Sustentabilidade',
    tags: ['sustentabilidade', 'economia de água', 'concentrados', 'reciclagem'],
    image: 'limpeza-sustentavel-em-casa.svg',
    isFeatured: false,
    readTimeMinutes: 3,
    createdAt: '2026-11-04',
    content: `<p>Limpar a casa tem impacto ambiental: a água que usamos, as embalagens que descartamos, o produto que vai para o esgoto. Dá para reduzir esse impacto sem voltar às receitas caseiras duvidosas e sem perder eficiência. A chave está em usar o produto certo, na quantidade certa, do jeito certo.</p>
<h2>1. Prefira produtos concentrados</h2>
<p>Um produto pronto para uso é, em grande parte, água. Transportar água em frascos plásticos por centenas de quilômetros gasta combustível e embalagem. Com concentrados, você leva para casa apenas o ativo e acrescenta a água na hora de usar. Um galão de 5 L de limpador concentrado pode substituir dezenas de frascos de produto pronto.</p>
<h2>2. Dose certa é sustentabilidade</h2>
<p>O excesso de produto não limpa mais: vira espuma, exige mais enxágue (mais água) e vai para o esgoto sem necessidade. Use copo medidor e siga a diluição do rótulo. Nosso <a href="/produtos">catálogo</a> traz a diluição de cada item.</p>
<h2>3. Economize água na limpeza</h2>
<ul>
<li>Troque a mangueira por balde e vassoura na limpeza de quintais e calçadas. Se usar lavadora de alta pressão, ela gasta bem menos água que a mangueira aberta.</li>
<li>Use mop ou pano bem torcido nos pisos internos: produtos como o Limpa Porcelanato dispensam enxágue.</li>
<li>Lave a louça com a torneira fechada enquanto ensaboa e deixe panelas de molho em vez de esfregar sob água corrente.</li>
<li>Reaproveite a água do enxágue da máquina de lavar para lavar o quintal.</li>
</ul>
<h2>4. Reutilize o que pode ser reutilizado</h2>
<p>Panos de microfibra laváveis duram centenas de lavagens e substituem rolos de papel toalha. Borrifadores de boa qualidade podem ser reabastecidos com produto diluído do galão, desde que sempre identificados com o nome do produto. A única reutilização proibida é a da embalagem vazia do produto químico para outros fins, como guardar água ou alimentos.</p>
<h2>5. Descarte com responsabilidade</h2>
<ul>
<li>Use o produto até o fim. Se sobrar solução diluída, ela pode ir pelo ralo com bastante água; não despeje concentrados em bueiros, rios ou na terra.</li>
<li>Enxágue as embalagens vazias, tampe e descarte na coleta seletiva.</li>
<li>Nunca misture sobras de produtos diferentes para "aproveitar".</li>
</ul>
<h2>6. Ventile em vez de perfumar</h2>
<p>Abrir as janelas por alguns minutos por dia reduz a umidade, previne o mofo e renova o ar melhor do que qualquer aromatizador. Quando o odor persistir, um neutralizador de odores atua na causa, em vez de só mascarar o cheiro.</p>
<h2>7. Escolha marcas responsáveis</h2>
<p>Na Clarear, nossos produtos não são testados em animais e usam tensoativos biodegradáveis, como exige a legislação brasileira. Nossos galões de 5 L servem para reabastecer os frascos menores e reduzem o uso de plástico por litro de produto.</p>
<p>Com a <a href="/assinatura">Assinatura Inteligente</a>, você recebe seus produtos no ritmo do seu consumo, sem compras de emergência e sem estoque parado vencendo no armário.</p>`,
  },
];
